/**
 * One-click edits of a Crossplane package's dependencies: a form that adds one to a package's meta
 * file, and the new constraint a dependency row bumps to. Both go through the edit session
 * (src/app/editor/edit-client.ts, loaded on first use), so they show in the changed files, undo,
 * review and write like any other edit.
 */
import { useState, type FormEvent } from 'react';
import type { CrossplaneEdit } from '../../core/crossplane/edit-deps';
import type { PackageKind } from '../../core/crossplane/types';
import { TextInput } from '../ui/TextInput';

async function apply(edit: CrossplaneEdit): Promise<string | undefined> {
  const { crossplaneEdit } = await import('../editor/edit-client');
  const r = await crossplaneEdit(edit);
  return r.error;
}

export function AddDependency({ files }: { files: string[] }) {
  const [file, setFile] = useState(files[0] ?? '');
  const [kind, setKind] = useState<PackageKind>('Provider');
  const [pkg, setPkg] = useState('');
  const [version, setVersion] = useState('');
  const [status, setStatus] = useState('');
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    setStatus('');
    void apply({ op: 'add', file, dependency: { kind, package: pkg, version } }).then((error) => {
      setStatus(error ? `Not added: ${error}` : `Added ${pkg.trim()} to ${file}.`);
      if (!error) setPkg('');
    });
  };
  return (
    <form className="beside-add" aria-label="Add dependency" onSubmit={submit}>
      <h3>Add dependency</h3>
      {files.length > 1 && (
        <label>
          To{' '}
          <select value={file} onChange={(e) => setFile(e.target.value)}>
            {files.map((f) => (
              <option key={f}>{f}</option>
            ))}
          </select>
        </label>
      )}
      <label>
        Kind{' '}
        <select value={kind} onChange={(e) => setKind(e.target.value as PackageKind)}>
          <option>Provider</option>
          <option>Configuration</option>
          <option>Function</option>
        </select>
      </label>{' '}
      <label>
        Package{' '}
        <TextInput
          value={pkg}
          size={40}
          placeholder="xpkg.upbound.io/upbound/provider-aws-s3"
          onValue={setPkg}
        />
      </label>{' '}
      <label>
        Version <TextInput value={version} size={12} placeholder=">=v1.0.0" onValue={setVersion} />
      </label>{' '}
      <button type="submit">Add dependency</button>
      <span role="status" className="muted">
        {status}
      </span>
    </form>
  );
}

/** A dependency's constraint, with a Bump button that turns it into a field to type the new one. */
export function BumpCell({
  file,
  pkg,
  version,
  conflict,
}: {
  file: string;
  pkg: string;
  version: string;
  conflict: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(version);
  const [error, setError] = useState('');
  if (!editing)
    return (
      <>
        {version}
        {conflict ? ' (conflict)' : ''}{' '}
        <button
          type="button"
          className="small"
          aria-label={`Bump constraint of ${pkg}`}
          onClick={() => {
            setValue(version);
            setError('');
            setEditing(true);
          }}
        >
          Bump
        </button>
      </>
    );
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    void apply({ op: 'bump', file, package: pkg, version: value }).then((e) => {
      if (e) setError(e);
      else setEditing(false);
    });
  };
  return (
    <form onSubmit={submit} aria-label={`New constraint for ${pkg}`}>
      <input aria-label="New constraint" value={value} size={12} onChange={(e) => setValue(e.target.value)} />{' '}
      <button type="submit">Set</button>{' '}
      <button type="button" onClick={() => setEditing(false)}>
        Cancel
      </button>
      {error && (
        <span role="status" className="muted">
          {' '}
          {error}
        </span>
      )}
    </form>
  );
}
