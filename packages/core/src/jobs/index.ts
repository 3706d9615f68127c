export * from './workflow.js';
export * from './permissions.js';
export * from './graph-check.js';
export * from './defaults.js';
export * from './priority.js';
export * from './placeholders.js';
export * from './automations.js';
export * from './board.js';
