import fp from 'fastify-plugin';
import type { AppInstance } from '../types';

// scaffold: replaced by the gate/session implementation
export default fp(async (_app: AppInstance) => {}, { name: 'auth' });
