/** The list kit: URL-backed server lists, the list page and its table. */
export { DataTable, type DataTableColumn, type DataTableProps, type RowProps } from './data-table.tsx';
export { ListError, ListPage, type ListPageProps, SearchBox } from './list-page.tsx';
export {
  type ListController,
  type RowOf,
  type ServerList,
  useLocalList,
  useServerList,
} from './use-server-list.ts';
export { TriStateFilter } from './filters.tsx';
