/** The visits domain's public file: the field working set reads the technician's visits ahead (/my-day offline). */
export { technicianVisits } from './day-set.ts';
