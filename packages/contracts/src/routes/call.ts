import type { z } from 'zod';
import type { RouteDef } from './route';

// What a client sends to a route of the map and what it gets back, derived from the route's schemas.

/**
 * What a schema takes on the wire: its input's fields and optionality, with the parsed type where the
 * input accepts anything (a coerced number, a comma-separated list).
 */
export type Wire<S extends z.ZodType> =
  z.input<S> extends infer In
    ? In extends object
      ? {
          [K in keyof In]: unknown extends In[K]
            ? K extends keyof z.output<S>
              ? z.output<S>[K]
              : In[K]
            : In[K];
        }
      : In
    : never;

type ParamsPart<R> = R extends { params: infer S extends z.ZodType }
  ? { params: Wire<S> }
  : { params?: never };
type QueryPart<R> = R extends { query: infer S extends z.ZodType }
  ? object extends Wire<S>
    ? { query?: Wire<S> }
    : { query: Wire<S> }
  : { query?: never };
type BodyPart<R, Form> = R extends { multipart: true }
  ? { body: Form }
  : R extends { body: infer S extends z.ZodType }
    ? { body: z.input<S> }
    : { body?: never };

/** A call's path parameters, query and body; a multipart route's body is the platform's `Form` (FormData). */
export type RequestOf<R extends RouteDef, Form = unknown> = ParamsPart<R> & QueryPart<R> & BodyPart<R, Form>;

type SuccessStatus = 200 | 201 | 202;
type Answers<Rs> = {
  [S in keyof Rs]: S extends SuccessStatus ? (Rs[S] extends z.ZodType ? z.output<Rs[S]> : never) : never;
}[keyof Rs];

/** The answer of a route: its success schema's type, nothing for a 204; a file is the platform's `File` (Blob). */
export type ResponseOf<R extends RouteDef, File = unknown> = R extends { file: true }
  ? File
  : [Answers<R['responses']>] extends [never]
    ? void
    : Answers<R['responses']>;
