/** Before the suite: PostgreSQL test databases a killed earlier run left behind are dropped. */
import { dropLeftovers } from './backend.ts';

export default async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) await dropLeftovers();
}
