// Pure rules shared by server and web. The common-password list is a separate entry
// ('@sabai/domain/common-passwords') so the main entry stays import-free and light.
export * from './attachments';
export * from './channel-type';
export * from './default-role-matrix';
export * from './exhaustive';
export * from './format';
export * from './display-text';
export * from './issue-status';
export * from './issue-taking';
export * from './issue-workspace';
export * from './limits';
export * from './local-time';
export * from './navigation';
export * from './password';
export * from './permissions';
export * from './route-permissions';
export * from './routing';
export * from './meta-inbox-link';
export * from './assignment';
export * from './role-editing';
export * from './settings-text';
export * from './storable-text';
export * from './team-shifts';
export * from './links';
export * from './provinces';
export * from './report-metrics';
