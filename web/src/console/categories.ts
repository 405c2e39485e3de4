// The four services as the console names them, in the home page's order.

import { Category } from '@/gen/booking/v1/catalog_pb';
import { consoleMessages } from './messages';

export const CATEGORIES: [Category, string][] = [
  [Category.SHUTTLE, 'shuttle'],
  [Category.CHARTER, 'charter'],
  [Category.ESCORT, 'escort'],
  [Category.DRAGON_MASSAGE, 'massage'],
];

export const categoryName = (c: Category) => consoleMessages.categories[CATEGORIES.find(([k]) => k === c)?.[1] ?? ''] ?? '';
