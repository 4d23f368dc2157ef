import type { AppInstance } from '../../types';

// scaffold: replaced by the module's implementation
export default async function designsRoutes(_app: AppInstance) {}
