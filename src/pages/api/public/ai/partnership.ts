/** GET: the partnership agreement. POST { agree: true }: accept it, +100 points once. */
import { partnershipAccept, partnershipTerms } from '../../../../api/rewards.ts';
import { route } from '../../../../http/endpoint.ts';

export const prerender = false;

export const { GET, POST, ALL } = route(partnershipTerms, partnershipAccept);
