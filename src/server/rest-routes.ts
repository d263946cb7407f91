import { answerJobDownload } from './domains/jobs/index.ts';
import { mountOperations } from './kit/rest-routes.ts';
import { operationList } from './operations.ts';
import type { RestApp } from './rest.ts';

/** Mounts every domain's REST shim routes. */
export function registerRestRoutes(app: RestApp): void {
  mountOperations(app, operationList, { job: answerJobDownload });
}
