import { useLayoutEffect } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { isPortalPath } from '../../entries'
import Loading from '../shared/Loading'

/**
 * A path the other HTML entry serves (web/entries.ts): portal and back office
 * are separate bundles, so crossing between them is a document load of the
 * same address, which the server answers with the other entry. A path that
 * belongs to this entry but matched no route is a 404.
 */
export default function OtherEntry({ portal }: { portal: boolean }) {
  const { pathname, search, hash } = useLocation()
  const foreign = isPortalPath(pathname) !== portal
  useLayoutEffect(() => {
    if (foreign) window.location.replace(pathname + search + hash)
  }, [foreign, pathname, search, hash])
  return foreign ? <Loading style={{ marginTop: '20vh' }} /> : <Navigate to="/404" replace />
}
