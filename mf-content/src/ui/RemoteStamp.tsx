/** Which remote and release rendered the page: what operators check after a release or rollback. */
export function RemoteStamp() {
  return <p className="page-stamp">Served by mf-content · release {process.env.REMOTE_RELEASE}</p>;
}
