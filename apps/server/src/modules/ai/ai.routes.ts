import type { AppInstance } from '../../types';

// scaffold: replaced by the module's implementation
export default async function aiRoutes(_app: AppInstance) {}
