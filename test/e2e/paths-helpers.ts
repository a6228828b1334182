import { expect, type Page } from '@playwright/test';

/** Reads the graph on screen through the instance the app exposes under automation (window.__fbcGraph). */
interface CyEle {
  id(): string;
  hasClass(c: string): boolean;
  style(name: string): string;
  data(name: string): unknown;
  renderedMidpoint(): { x: number; y: number };
}
interface CyColl {
  map<T>(f: (e: CyEle) => T): T[];
  length: number;
}
export interface Cy {
  nodes(selector?: string): CyColl;
  edges(selector?: string): CyColl;
  getElementById(id: string): CyEle & { length: number };
}

export async function graphReady(page: Page): Promise<void> {
  await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-ready', 'true');
}

/** Ids of the nodes (or edges) matching a Cytoscape selector, sorted. */
export function ids(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const cy = (window as unknown as { __fbcGraph?: Cy }).__fbcGraph;
    if (!cy) return [];
    return [...cy.nodes(sel).map((n) => n.id()), ...cy.edges(sel).map((e) => e.id())].sort();
  }, selector);
}

export function edgeStyle(
  page: Page,
  id: string,
): Promise<{ classes: string[]; lineStyle: string; color: string }> {
  return page.evaluate((edgeId) => {
    const cy = (window as unknown as { __fbcGraph: Cy }).__fbcGraph;
    const e = cy.getElementById(edgeId);
    return {
      classes: ['v0ignored', 'path-edge'].filter((c) => e.hasClass(c)),
      lineStyle: e.style('line-style'),
      color: e.style('line-color'),
    };
  }, id);
}

export const pathsPanel = (page: Page) => page.getByRole('region', { name: 'Upgrade paths' });
export const entriesRow = (page: Page, id: string) =>
  page.getByRole('region', { name: /^Entries of channel/ }).locator(`tbody tr[data-id="${id}"]`);
export const timelineSteps = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('li[data-step]')
    .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-step')));
