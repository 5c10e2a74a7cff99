import { Breadcrumbs, H2 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { pageTitle, useDocumentTitle } from '@/lib/document-title';

interface PageHeaderProps {
  title: string;
  /** Buttons shown at the right of the title. */
  actions?: ReactNode;
}

/** A page's title and its actions; the browser tab is named after the title too. */
export function PageHeader({ title, actions }: PageHeaderProps) {
  useDocumentTitle(pageTitle(title));
  return (
    <div className="pd-page-header">
      <H2>{title}</H2>
      {actions !== undefined && <div className="pd-page-actions">{actions}</div>}
    </div>
  );
}

interface ListBreadcrumbsProps {
  /** The list the page belongs to: its title and path. */
  listTitle: string;
  listPath: string;
  /** The page's own crumb. */
  name: string;
}

/** The list a detail page belongs to, then the page: the list crumb navigates inside the app. */
export function ListBreadcrumbs({ listTitle, listPath, name }: ListBreadcrumbsProps) {
  const navigate = useNavigate();
  return (
    <Breadcrumbs
      items={[
        {
          text: listTitle,
          href: listPath,
          onClick: (event) => {
            event.preventDefault();
            navigate(listPath);
          },
        },
        { text: name },
      ]}
    />
  );
}
