import { lazy } from 'react';

/** The Markdown renderer (marked + DOMPurify) loads when a description is first expanded. */
export const Markdown = lazy(() => import('./Markdown'));
