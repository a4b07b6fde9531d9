import {
  QueryClient,
  keepPreviousData,
  useMutation,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query'
import { api, type Page } from './api'
import { onSessionReset } from './session'

/**
 * The Blade data provider: every screen reads and writes /api through these
 * hooks (TanStack Query over the one API client), never through its own cache.
 *
 * - Keys start with the resource, `/api/<service>/<entity>`, so a write to a
 *   resource refreshes everything read from it (its list, its tree, the pickers
 *   and dictionaries built on it) wherever they are shown.
 * - A query passes its AbortSignal to the client: when its key changes (a new
 *   search, another page) the superseded request is aborted and its late answer
 *   can never replace the newer one.
 * - Signing in or out empties the cache, so no picker, dictionary or list of one
 *   session is shown to the next.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already toasts failures; retrying would repeat them.
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
})

onSessionReset(() => {
  void queryClient.cancelQueries()
  queryClient.clear()
})

type Params = Record<string, unknown>

/** `/api/<service>/<entity>` of any path below it: what a key is grouped by and a write invalidates. */
export const resourceOf = (url: string) => url.split('?')[0].split('/').slice(0, 4).join('/')

/** The key of a GET: its resource, the path, then the parameters (empty ones dropped, as the client drops them). */
export function keyOf(url: string, params?: Params): QueryKey {
  const clean = Object.fromEntries(
    Object.entries(params ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  )
  return [resourceOf(url), url, clean]
}

/** Refreshes everything read from these resources (shown queries refetch now, the others when next shown). */
export const invalidate = (...resources: string[]) =>
  Promise.all(resources.map((r) => queryClient.invalidateQueries({ queryKey: [resourceOf(r)] })))

export interface FetchOptions<T> extends Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryKey' | 'queryFn'> {
  /** No error toast (pickers and badges fall back quietly). */
  silent?: boolean
}

/** Any GET as a cached query (the custom-call escape hatch; the hooks below are this with a fixed path). */
export function useFetch<T>(url: string | undefined, params?: Params, { silent, ...options }: FetchOptions<T> = {}) {
  return useQuery<T>({
    queryKey: keyOf(url ?? '', params),
    queryFn: ({ signal }) => api.get<T>(url!, params, { signal, silent }),
    ...options,
    enabled: !!url && options.enabled !== false,
  })
}

/** The same GET, awaited outside render (e.g. a record's detail before its dialog opens). */
export const fetchOnce = <T>(url: string, params?: Params) =>
  queryClient.fetchQuery<T>({
    queryKey: keyOf(url, params),
    queryFn: ({ signal }) => api.get<T>(url, params, { signal }),
    staleTime: 0,
  })

/** A resource's list (`verb` list/page/…): a page or a whole array; the previous rows stay shown while the next load. */
export const useList = <T>(base: string, params: Params, verb = 'list', options: FetchOptions<Page<T> | T[]> = {}) =>
  useFetch<Page<T> | T[]>(`${base}/${verb}`, params, { placeholderData: keepPreviousData, ...options })

/** One record by id (disabled while id is empty). */
export const useDetail = <T>(base: string, id: string | undefined) =>
  useFetch<T>(`${base}/detail`, { id }, { enabled: !!id, staleTime: 0 })

/** A tree (or select) endpoint's nodes, for pickers; quiet on failure. */
export const useTree = <T>(url: string | undefined, params?: Params) => useFetch<T>(url, params, { silent: true })

export interface DictItem {
  id: string
  dictKey: string
  dictValue: string
  dictValueEn?: string | null
}

/** A dictionary's items (system, or business with biz); kept 5 minutes unless the dictionary is edited. */
export const useDictionary = (code: string | undefined, biz = false) =>
  useFetch<DictItem[]>(
    code ? `/api/blade-system/${biz ? 'dict-biz' : 'dict'}/dictionary` : undefined,
    { code },
    { silent: true, staleTime: 300_000 },
  )

export interface ActionOptions {
  /** Other resources whose reads show this one's data (a role's name in the user list…). */
  invalidates?: string[]
}

/** A POST outside a hook (a row's action): afterwards its resource (and `invalidates`) are refreshed, worked or not. */
export async function write<T = unknown>(
  url: string,
  { body, params, silent }: { body?: unknown; params?: Params; silent?: boolean } = {},
  { invalidates = [] }: ActionOptions = {},
) {
  try {
    return await api.post<T>(url, body, params, { silent })
  } finally {
    await invalidate(url, ...invalidates)
  }
}

/** The same as a mutation hook (pending state for a button). */
export function useAction<TBody = unknown, TResult = unknown>(url: string, options: ActionOptions = {}) {
  return useMutation<TResult, Error, { body?: TBody; params?: Params }>({
    mutationFn: (v) => write<TResult>(url, v, options),
  })
}

/** Insert (no id) or update a record. */
export function useSubmit<T = Record<string, unknown>>(base: string, options?: ActionOptions) {
  const m = useAction<T>(`${base}/submit`, options)
  return { ...m, submit: (values: T) => m.mutateAsync({ body: values }) }
}

/** Soft-delete records by id. */
export function useRemove(base: string, options?: ActionOptions) {
  const m = useAction(`${base}/remove`, options)
  return { ...m, remove: (ids: string[]) => m.mutateAsync({ params: { ids: ids.join(',') } }) }
}
