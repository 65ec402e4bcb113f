import { HealthSchema } from '@bizdash/shared';
import { http } from 'msw';
import { db } from '../db';
import { contractJson } from '../utils';

export const healthHandlers = [
  http.get('/api/health', () =>
    contractJson(HealthSchema, { status: 'ok', database: 'up', testMode: db.testMode }),
  ),
];
