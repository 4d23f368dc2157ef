import type { AppInstance } from '../../types';

// scaffold: replaced by the module's implementation
export default async function gateRoutes(_app: AppInstance) {}
