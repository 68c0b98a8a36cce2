/**
 * Every page of the corpus build (OPENGDD_CATALOG=../shared/corpus; skipped with a message when
 * absent) crawled in Chromium, and the site search on it: see crawl-suite.ts.
 */
import { CORPUS_BUILD, crawlSuite } from './crawl-suite.ts';

crawlSuite(CORPUS_BUILD);
