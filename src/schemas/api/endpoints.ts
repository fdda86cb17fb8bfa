/**
 * Every endpoint of the service, in the order the docs list them. Each feature contributes its
 * own list; the discovery index, the OpenAPI document and llms.txt are generated from this one.
 */
import { catalog } from '../../catalog/data.ts';
import { catalogEndpoints } from './catalog.ts';
import { conciergeEndpoints } from './concierge.ts';
import { discoveryEndpoints } from './discovery.ts';
import type { EndpointDoc } from './endpoint-doc.ts';
import { feedsEndpoints } from './feeds.ts';
import { messageEndpoints } from './messages.ts';
import { rewardsEndpoints } from './rewards.ts';

export const endpoints: EndpointDoc[] = [
  ...discoveryEndpoints,
  ...catalogEndpoints(catalog.site.categories.map((c) => c.id)),
  ...rewardsEndpoints,
  ...conciergeEndpoints,
  ...messageEndpoints,
  ...feedsEndpoints,
];
