// The app logs through Fastify's pino instance; platform code takes only the four levels it uses, so a
// test can pass `silentLogger` (or a recorder) without building a Fastify app.
import type { FastifyBaseLogger } from 'fastify';

/** The logging surface platform code needs: a subset of Fastify's (pino) logger. */
export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

const ignore = (): void => undefined;

/** A logger that drops everything, for tests. */
export const silentLogger: Logger = { info: ignore, warn: ignore, error: ignore, debug: ignore };
