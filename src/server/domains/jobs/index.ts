/**
 * The jobs domain's public file (issue 27 item 2): the only module of this folder another domain
 * may import (tests/unit/domain-order.test.ts). A job download's binding (wait-and-stream or 202).
 */
export { JOB_DOWNLOAD_DOCS, jobDownload } from './job-download.ts';
