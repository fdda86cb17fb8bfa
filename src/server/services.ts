/**
 * What the server builds once at start and hands each on-demand request through Astro's
 * `locals`: one config, one clock, one database. Endpoints never construct these themselves.
 */
import type { AppConfig } from '../config.ts';
import type { Clock } from './clock.ts';

export interface Services {
  config: AppConfig;
  clock: Clock;
  startedAt: Date;
}
