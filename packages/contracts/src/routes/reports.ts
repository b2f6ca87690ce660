import type { Resource, Scope } from '@sabai/domain';
import {
  DashboardSchema,
  PerformanceReportSchema,
  ReportExportQuerySchema,
  ReportQuerySchema,
  type ReportKind,
} from '../reports';
import { defineRoutes } from './route';

const tag = 'reports';

// The view scopes each screen needs (the same table as packages/domain ROUTE_PERMISSIONS).
const performance = <const K extends ReportKind, const R extends Resource, const S extends readonly Scope[]>(
  kind: K,
  resource: R,
  scopes: S,
) => {
  const access = { resource, action: 'view', scopes } as const;
  return {
    report: {
      method: 'GET',
      path: `/reports/${kind}-performance`,
      tag,
      query: ReportQuerySchema,
      responses: { 200: PerformanceReportSchema },
      access,
    },
    /** The report as a CSV or XLSX file. */
    export: {
      method: 'GET',
      path: `/reports/${kind}-performance/export`,
      tag,
      query: ReportExportQuerySchema,
      responses: {},
      file: true,
      access,
      audit: { area: 'export', action: 'export' },
    },
  } as const;
};
const channel = performance('channel', 'channel_performance', ['all']);
const team = performance('team', 'team_performance', ['all', 'myTeam']);
const agent = performance('agent', 'agent_performance', ['all', 'myTeam']);

export const reportRoutes = defineRoutes({
  dashboard: {
    method: 'GET',
    path: '/dashboard',
    tag,
    query: ReportQuerySchema,
    responses: { 200: DashboardSchema },
    access: { resource: 'dashboard', action: 'view', scopes: ['all', 'myChannel'] },
  },
  channelPerformance: channel.report,
  channelPerformanceExport: channel.export,
  teamPerformance: team.report,
  teamPerformanceExport: team.export,
  agentPerformance: agent.report,
  agentPerformanceExport: agent.export,
});

/** The report and export routes of each kind (the report screens are one screen per kind). */
export const performanceReportRoutes = {
  channel: { report: reportRoutes.channelPerformance, export: reportRoutes.channelPerformanceExport },
  team: { report: reportRoutes.teamPerformance, export: reportRoutes.teamPerformanceExport },
  agent: { report: reportRoutes.agentPerformance, export: reportRoutes.agentPerformanceExport },
} as const satisfies Record<ReportKind, unknown>;
