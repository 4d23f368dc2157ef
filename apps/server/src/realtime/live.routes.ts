import type { AppInstance } from '../types';

// scaffold: replaced by the server-sent events route
export default async function liveRoutes(_app: AppInstance) {}
