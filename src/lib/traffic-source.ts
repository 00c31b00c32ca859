import { siteHostNames } from '../../contracts/sites';
import { type TrafficSource, trafficSource } from '../../contracts/traffic-source';
import { publicConfig } from '../config';

const ownHosts = Object.values(siteHostNames(publicConfig.origins));

/**
 * The traffic source of the page the browser is showing: the rule the server counts page views
 * by (contracts/traffic-source.ts), from the address and the referring page.
 */
export function pageTrafficSource(): TrafficSource {
  const { pathname, search, hostname } = window.location;
  return trafficSource(pathname, search, document.referrer, [hostname, ...ownHosts]);
}
