import { useId, useState, type FormEvent } from 'react';
import { DataDownload } from './DataDownload';
import styles from './Staff.module.css';

/** A search box whose query is applied on submit, and a CSV download (`csvUrl` of the query applied). */
export function StaffSearch({
  label,
  csvUrl,
  onSearch,
}: {
  label: string;
  csvUrl: (q: string) => string;
  onSearch: (q: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [applied, setApplied] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    setApplied(text);
    onSearch(text);
  }
  return (
    <div className={styles.searchBar}>
      <form role="search" className={styles.search} onSubmit={submit}>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="search"
          className="text-control"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button-outline">
          Search
        </button>
      </form>
      <DataDownload href={csvUrl(applied)}>Download CSV</DataDownload>
    </div>
  );
}
