// The state of a server-paged settings list: search, sort, order and page, as the API takes
// them, plus what antd's Table reports when its sorter or pager changes.
import { useDeferredValue, useEffect, useState } from 'react';
import type { SorterResult } from 'antd/es/table/interface';
import type { TablePaginationConfig } from 'antd';
import type { Page } from '@sabai/contracts';

export type ListParams<S extends string> = {
  search: string;
  sort: S;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

/** The list request's query (search left out when empty). */
export function listQuery<S extends string>(params: ListParams<S>) {
  const search = params.search.trim() || undefined;
  return { search, sort: params.sort, order: params.order, page: params.page, pageSize: params.pageSize };
}

/** Search, sort and page state of a list; a new search or sort goes back to the first page. */
export function useListParams<S extends string>(sorts: readonly S[], defaultSort: S, pageSize = 20) {
  const [search, setSearchText] = useState('');
  const [sort, setSort] = useState<S>(defaultSort);
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(pageSize);
  const deferredSearch = useDeferredValue(search);
  const params: ListParams<S> = { search: deferredSearch, sort, order, page, pageSize: size };

  function setSearch(value: string) {
    setSearchText(value);
    setPage(1);
  }

  /** antd Table's onChange: a column key that is a sort field sorts; clearing it returns to the default. */
  function handleTableChange<T>(
    pagination: TablePaginationConfig,
    sorter: SorterResult<T> | SorterResult<T>[],
  ) {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = typeof single?.columnKey === 'string' ? single.columnKey : null;
    const field = sorts.find((candidate) => candidate === key);
    const nextSort = single?.order && field ? field : defaultSort;
    const nextOrder = single?.order === 'descend' ? 'desc' : 'asc';
    if (nextSort !== sort || nextOrder !== order) {
      setSort(nextSort);
      setOrder(nextOrder);
      setPage(1);
      return;
    }
    setPage(pagination.current ?? 1);
    setSize(pagination.pageSize ?? size);
  }

  /** antd's sortOrder for a column, so the header shows the current sort. */
  function sortOrderOf(key: S): 'ascend' | 'descend' | null {
    if (sort !== key) return null;
    return order === 'desc' ? 'descend' : 'ascend';
  }

  /** The column props of a field the server sorts by. */
  function sortable(key: S) {
    return { key, sorter: true, sortOrder: sortOrderOf(key) };
  }

  const isSearching = deferredSearch.trim() !== '';
  return { search, setSearch, isSearching, params, setPage, handleTableChange, sortOrderOf, sortable };
}

/** What a list screen hands its table: search, sort and page state. */
export type ListState<S extends string> = ReturnType<typeof useListParams<S>>;

/** The last row of a page was deleted (the answer came back empty): show the page before it. */
export function useShowLastPage(data: Page<unknown> | undefined, setPage: (page: number) => void): void {
  useEffect(() => {
    if (data && data.items.length === 0 && data.page > 1) setPage(data.page - 1);
  }, [data, setPage]);
}
