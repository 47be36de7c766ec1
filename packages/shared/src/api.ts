import { z } from 'zod';

/** Every failure has this shape (spec §8): the web maps `errors[0].msg`, else `message`. */
export const apiErrorSchema = z.object({
  status: z.literal(false),
  message: z.string(),
  errors: z.array(z.object({ msg: z.string(), path: z.string() })).optional(),
  /** What a refusal carries for the page to act on (an upload's problems, a header's suggested mapping). */
  data: z.unknown().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Every success has this shape; `data` is described per endpoint. */
export const apiSuccessSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(true), message: z.string(), data });

export const apiMessageSchema = z.object({ status: z.literal(true), message: z.string() });

export const API_PREFIX = '/api/v1';
