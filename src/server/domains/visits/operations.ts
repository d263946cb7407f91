/**
 * Visit plans and visits (issue 30 item 3), declared once. Everyone of the group reads within their
 * scope (operators and company admins: their company's; group and provider admins: the group's);
 * plans and visits are written by the admin roles — a company admin for its own company, a group
 * admin for any company of the group — and a visit's own technician closes it. Another scope's
 * plan, visit or company is 404.
 */
import { byId } from '../../../shared/fields.ts';
import { ADMIN_ROLES, ALL_ROLES } from '../../../shared/roles.ts';
import {
  createVisitPlanSchema,
  updateVisitPlanSchema,
  updateVisitSchema,
  visitDetailSchema,
  visitGetSchema,
  visitListSchema,
  visitPageSchema,
  visitPlanListSchema,
  visitPlanPageSchema,
  visitPlanSchema,
} from '../../../shared/visits/schemas.ts';
import { mutation, query, tenant } from '../../kit/operation.ts';
import * as plans from './plans.ts';
import * as visits from './visits.ts';

const admin = tenant(ADMIN_ROLES);
const everyone = tenant(ALL_ROLES);

export const visitPlansOperations = {
  list: query({
    access: everyone,
    summary:
      'Visit plans of the caller’s scope, paged: filters companyId and active (yes/no/all), query matches the name; sorts name, firstDate, updateDate.',
    input: visitPlanListSchema,
    output: visitPlanPageSchema,
    rest: { method: 'get', path: '/web/visit-plans/' },
    handler: (ctx, input) => plans.listVisitPlans(ctx, input),
  }),
  get: query({
    access: everyone,
    summary: 'One visit plan (404 VISIT_PLAN_NOT_FOUND outside the caller’s scope).',
    input: byId,
    output: visitPlanSchema,
    rest: { method: 'get', path: '/web/visit-plans/:id' },
    handler: (ctx, input) => plans.getVisitPlan(ctx, input),
  }),
  create: mutation({
    access: admin,
    summary:
      'Creates a visit plan for a company (a company admin: its own; 404 VISIT_COMPANY_NOT_FOUND otherwise) and, in the same transaction, its visits up to horizonDays ahead. 400 VISIT_TECHNICIAN_INVALID when the technician is not an active user who may inspect the company, VISIT_TIME_WINDOW_INVALID when endTime is not after startTime.',
    input: createVisitPlanSchema,
    output: visitPlanSchema,
    rest: { method: 'post', path: '/web/visit-plans/', status: 201 },
    handler: (ctx, input) => plans.createVisitPlan(ctx, input),
  }),
  update: mutation({
    access: admin,
    summary:
      'Edits a visit plan (its company stays). A changed schedule or a deactivation replaces its open visits from today on that nobody rescheduled or reassigned; a new technician takes them over; visits are generated again up to the horizon.',
    input: updateVisitPlanSchema,
    output: visitPlanSchema,
    rest: { method: 'put', path: '/web/visit-plans/:id' },
    handler: (ctx, input) => plans.updateVisitPlan(ctx, input),
  }),
};

export const visitsOperations = {
  list: query({
    access: everyone,
    summary:
      'Visits of the caller’s scope, paged, each with equipmentCount (open: equipment due by its day now; closed: still missing then): filters from/to (the visit’s day, both included), technicianId, companyId, planId, status (SCHEDULED, LATE — open and its day passed —, DONE, PARTIAL); sorts date, technician, company. 400 REPORT_DATE_RANGE_INVALID when from is after to.',
    input: visitListSchema,
    output: visitPageSchema,
    rest: { method: 'get', path: '/web/visits/' },
    handler: (ctx, input) => visits.listVisits(ctx, input),
  }),
  get: query({
    access: everyone,
    summary:
      'One visit with a page of its equipment (page, pageSize, query, sort dueDate|tag): while open, the company’s equipment with a cycle due by the visit’s day (expired included) and those cycles, as of now; once closed, the equipment that was still due then. 404 VISIT_NOT_FOUND outside the caller’s scope.',
    input: visitGetSchema,
    output: visitDetailSchema,
    rest: { method: 'get', path: '/web/visits/:id' },
    handler: (ctx, input) => visits.getVisit(ctx, input),
  }),
  update: mutation({
    access: everyone,
    summary:
      'Reschedules (date), reassigns (technicianId; 400 VISIT_TECHNICIAN_INVALID) and/or closes (close: true) a visit: DONE when none of its equipment is still due, else PARTIAL with the missing equipment listed. 409 VISIT_CLOSED once closed. The admin roles do any of it within their scope; any other role only closes a visit whose technician it is (403 FORBIDDEN for another’s visit or a date/technician change). An inspection or maintenance that leaves today’s open visit of its company with nothing due closes it as DONE by itself.',
    input: updateVisitSchema,
    output: visitDetailSchema,
    rest: { method: 'put', path: '/web/visits/:id' },
    handler: (ctx, input) => visits.updateVisit(ctx, input),
  }),
};
