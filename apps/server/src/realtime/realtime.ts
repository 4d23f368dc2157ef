import fp from 'fastify-plugin';
import type { AppInstance } from '../types';

// scaffold: replaced by the LISTEN/NOTIFY implementation
export default fp(async (_app: AppInstance) => {}, { name: 'realtime' });
