/// <reference lib="webworker" />
/**
 * The viewer's worker: turns a stored original into allow-listed nodes with the passage marked,
 * so converting a long Word file or book never blocks the page.
 */
import { expose } from '../common/rpc';
import type { ViewRequest } from '../common/view-request';
import { viewOriginal } from './view/view-original';

const api = {
  /** The original as nodes the page draws with createElement; `marked` false when the passage is not in it. */
  view(request: ViewRequest) {
    return viewOriginal(request);
  },
};

export type ViewApi = typeof api;

expose(api, self);
