/**
 * Every page of the embedded catalog's build crawled in Chromium, light and dark, and the site
 * search on its sharded index: see crawl-suite.ts.
 */
import { crawlSuite, EMBEDDED_BUILD } from './crawl-suite.ts';

crawlSuite(EMBEDDED_BUILD);
