import type { FastifyInstance } from 'fastify';
import { performanceReportRoutes, REPORT_KINDS, routes } from '@sabai/contracts';
import { reportsTexts } from '@sabai/i18n/reports';
import type { Deps } from '../../deps';
import { authOf, scopeOf } from '../../http/access';
import { route } from '../../http/route';
import * as service from './reports.service';
import { reportCsv, reportTable, reportXlsx } from './reports.export';

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

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
      const filename = `${kind}-performance-${result.period.from}-${result.period.to}.${req.query.format}`;
      const body =
        req.query.format === 'csv'
          ? reportCsv(table)
          : await reportXlsx(table, reportsTexts[req.query.lang].reports.title[kind]);
      return reply
        .header('content-type', CONTENT_TYPES[req.query.format])
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    });
  }
}
