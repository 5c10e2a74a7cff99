import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** A list page with its create drawer, and a details page with its edit drawer. */
export function entityRoutes(area: string, param: string, List: ComponentType, Details: ComponentType): RouteObject[] {
  // The drawer routes have no element of their own: the page reads its screen mode from the path.
  return [
    { path: area, element: <List />, children: [{ index: true, element: null }, { path: 'create', element: null }] },
    {
      path: `${area}/:${param}`,
      element: <Details />,
      children: [{ index: true, element: null }, { path: 'edit', element: null }],
    },
  ];
}
