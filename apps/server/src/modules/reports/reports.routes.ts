import type { FastifyInstance } from 'fastify';
import { performanceReportRoutes, REPORT_KINDS, routes } from '@sabai/contracts';
import { reportsTexts } from '@sabai/i18n/reports';
import type { Deps } from '../../deps';
import { authOf, scopeOf } from '../../http/access';
import { sendDownload } from '../../http/download';
import { route } from '../../http/route';
import { organizationTimeZone } from '../organizations';
import * as service from './reports.service';
import { csatReport } from './reports.csat';
import { csatTable, reportCsv, reportTable, reportXlsx } from './reports.export';

export async function reportRoutes(app: FastifyInstance, deps: Deps) {
  route(app, routes.reports.dashboard, async (req) =>
    service.dashboard(deps, authOf(req), scopeOf(req), req.query),
  );

  for (const kind of REPORT_KINDS) {
    const map = performanceReportRoutes[kind];
    route(app, map.report, async (req) =>
      service.performanceReport(deps, authOf(req), scopeOf(req), kind, req.query),
    );
    route(app, map.export, async (req, reply) => {
      const result = await service.performanceReport(deps, authOf(req), scopeOf(req), kind, req.query);
      const table = reportTable(result, req.query.lang);
      const { format, lang } = req.query;
      return sendDownload(reply, {
        format,
        filename: `${kind}-performance-${result.period.from}-${result.period.to}.${format}`,
        body:
          format === 'csv'
            ? reportCsv(table)
            : await reportXlsx(table, reportsTexts[lang].reports.title[kind]),
      });
    });
  }

  // The CSAT report: its route map entries are the csat module's.
  route(app, routes.csat.report, async (req) => csatReport(deps, authOf(req), scopeOf(req), req.query));
  route(app, routes.csat.export, async (req, reply) => {
    const { format, lang } = req.query;
    const auth = authOf(req);
    const [result, timeZone] = await Promise.all([
      csatReport(deps, auth, scopeOf(req), { ...req.query, limit: 0 }, null),
      organizationTimeZone(deps.db.orm, auth.organizationId),
    ]);
    const table = csatTable(result, lang, timeZone);
    return sendDownload(reply, {
      format,
      filename: `csat-${result.period.from}-${result.period.to}.${format}`,
      body:
        format === 'csv' ? reportCsv(table) : await reportXlsx(table, reportsTexts[lang].reports.csat.title),
    });
  });
}
