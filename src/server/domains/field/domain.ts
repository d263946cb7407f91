import { defineDomain } from '../../kit/domain.ts';
import { fieldOperations } from './operations.ts';

export const fieldDomain = defineDomain({ tag: 'Field', operations: fieldOperations });
