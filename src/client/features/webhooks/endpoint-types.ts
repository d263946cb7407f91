import type { RouterOutputs } from '../../lib/api-types.ts';

/** A webhook endpoint as the settings list answers it. */
export type EndpointRow = RouterOutputs['webhooks']['endpoints']['list']['items'][number];
/** A signing secret shown once, after creating or rotating an endpoint. */
export type Revealed = { url: string; secret: string; rotated: boolean };
