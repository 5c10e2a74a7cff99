import { Button, HTMLSelect } from '@blueprintjs/core';
import { PAGE_SIZES } from '@/lib/list-query';

interface PagerProps {
  currentPage: number;
  totalPages: number;
  totalItems: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** The count, previous/next and page size (5, 10, 25, 50) under every list. */
export function Pager({ currentPage, totalPages, totalItems, pageSize, onPage, onPageSize }: PagerProps) {
  return (
    <div className="pd-pager">
      <span className="pd-pager-total">
        {totalItems} {totalItems === 1 ? 'item' : 'items'}
      </span>
      <Button
        icon="chevron-left"
        variant="minimal"
        aria-label="Previous page"
        disabled={currentPage <= 1}
        onClick={() => onPage(currentPage - 1)}
      />
      <span>
        Page {currentPage} of {Math.max(totalPages, 1)}
      </span>
      <Button
        icon="chevron-right"
        variant="minimal"
        aria-label="Next page"
        disabled={currentPage >= totalPages}
        onClick={() => onPage(currentPage + 1)}
      />
      <HTMLSelect
        aria-label="Page size"
        value={pageSize}
        options={PAGE_SIZES.map((size) => ({ value: size, label: `${size} / page` }))}
        onChange={(event) => onPageSize(Number(event.currentTarget.value))}
      />
    </div>
  );
}
