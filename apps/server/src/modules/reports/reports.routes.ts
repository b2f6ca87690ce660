import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DashboardSchema,
  PerformanceReportSchema,
  ReportExportQuerySchema,
  ReportQuerySchema,
  type ReportKind,
} from '@sabai/contracts';
import type { Resource, Scope } from '@sabai/domain';
import { reportsTexts } from '@sabai/i18n/reports';
import type { Deps } from '../../deps';
import { authOf, type Access } from '../../http/access';
import * as service from './reports.service';
import { reportCsv, reportTable, reportXlsx } from './reports.export';

const tags = ['reports'];

// Spec §2: the view scopes each screen needs (the same table as packages/domain ROUTE_PERMISSIONS).
const REPORTS: ReadonlyArray<{ kind: ReportKind; resource: Resource; scopes: readonly Scope[] }> = [
  { kind: 'channel', resource: 'channel_performance', scopes: ['all'] },
  { kind: 'team', resource: 'team_performance', scopes: ['all', 'myTeam'] },
  { kind: 'agent', resource: 'agent_performance', scopes: ['all', 'myTeam'] },
];

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export async function reportRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const dashboard: { access: Access } = {
    access: { resource: 'dashboard', action: 'view', scopes: ['all', 'myChannel'] },
  };
  r.get(
    '/dashboard',
    {
      schema: { tags, querystring: ReportQuerySchema, response: { 200: DashboardSchema } },
      config: dashboard,
    },
    async (req) => service.dashboard(deps, authOf(req), req.scope as Scope, req.query),
  );

  for (const report of REPORTS) {
    const config: { access: Access } = {
      access: { resource: report.resource, action: 'view', scopes: report.scopes },
    };
    r.get(
      `/reports/${report.kind}-performance`,
      {
        schema: { tags, querystring: ReportQuerySchema, response: { 200: PerformanceReportSchema } },
        config,
      },
      async (req) => service.performanceReport(deps, authOf(req), req.scope as Scope, report.kind, req.query),
    );
    r.get(
      `/reports/${report.kind}-performance/export`,
      { schema: { tags, querystring: ReportExportQuerySchema }, config },
      async (req, reply) => {
        const result = await service.performanceReport(
          deps,
          authOf(req),
          req.scope as Scope,
          report.kind,
          req.query,
        );
        const table = reportTable(result, req.query.lang);
        const filename = `${report.kind}-performance-${result.period.from}-${result.period.to}.${req.query.format}`;
        const body =
          req.query.format === 'csv'
            ? reportCsv(table)
            : await reportXlsx(table, reportsTexts[req.query.lang].reports.title[report.kind]);
        return reply
          .header('content-type', CONTENT_TYPES[req.query.format])
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  }
}
