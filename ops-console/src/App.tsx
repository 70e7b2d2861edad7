import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@henhouse/kit/ui/controls/Button';
import { Select } from '@henhouse/kit/ui/controls/Select';
import { TextField } from '@henhouse/kit/ui/forms/Field';
import { Dialog } from '@henhouse/kit/ui/Dialog';
import { call, OpsError, setCSRF } from './api';
import {
  canaryVersions,
  confirmCanary,
  confirmPromote,
  confirmPublish,
  confirmRollback,
  healthLine,
  parsePercent,
  versionPattern,
  when,
  type AuditEntry,
  type ModuleStatus,
} from './model';

interface Session {
  name: string;
  csrf_token: string;
}

/** A pending action: what the dialog says, and what confirming does. */
interface Pending {
  /** The module the action changes. */
  module: string;
  title: string;
  text: string;
  confirm: string;
  run: () => Promise<string>;
}

/** load reads every module's status and the newest audit entries. */
const load = () =>
  Promise.all([
    call<{ modules: ModuleStatus[] }>('GET', '/admin/modules').then((r) => r.modules),
    call<{ entries: AuditEntry[] }>('GET', '/admin/audit?limit=50').then((r) => r.entries),
  ]);

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function App() {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  // Why the sign-in form shows: not signed in (401) is no news; anything else is said.
  const [notice, setNotice] = useState('');
  useEffect(() => {
    call<Session>('GET', '/admin/session')
      .then((s) => {
        setCSRF(s.csrf_token);
        setSession(s);
      })
      .catch((e: unknown) => {
        if (!(e instanceof OpsError && e.status === 401)) setNotice(message(e));
        setSession(null);
      });
  }, []);
  if (session === undefined) return <p className="ops-loading">Loading…</p>;
  if (!session)
    return (
      <SignIn
        notice={notice}
        onSignedIn={(s) => {
          setCSRF(s.csrf_token);
          setSession(s);
        }}
      />
    );
  return <Console name={session.name} onSignedOut={() => setSession(null)} />;
}

function SignIn({ onSignedIn, notice }: { onSignedIn: (s: Session) => void; notice: string }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState(notice);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      onSignedIn(await call<Session>('POST', '/admin/session', { token }));
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="ops-signin">
      <h1>Ops console</h1>
      <form method="post" action="/admin/session" onSubmit={submit} noValidate>
        <TextField
          label="Ops token"
          name="token"
          type="password"
          autoComplete="current-password"
          required
          value={token}
          onChange={(e) => setToken(e.target.value)}
          error={error || undefined}
          hint="One of the tokens in OPS_TOKEN. It is checked once and not kept in the browser."
        />
        <Button type="submit" variant="primary" disabled={busy}>
          Sign in
        </Button>
      </form>
    </main>
  );
}

function Console({ name, onSignedOut }: { name: string; onSignedOut: () => void }) {
  const [modules, setModules] = useState<ModuleStatus[]>([]);
  const [audit, setAudit] = useState<AuditEntry[]>([]);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const acted = useRef('');

  const refresh = useCallback(
    () =>
      load().then(([m, a]) => {
        setModules(m);
        setAudit(a);
      }),
    [],
  );

  useEffect(() => {
    heading.current?.focus();
    load().then(
      ([m, a]) => {
        setModules(m);
        setAudit(a);
      },
      (e: unknown) => {
        if (e instanceof OpsError && e.status === 401) onSignedOut();
        else setError(message(e));
      },
    );
  }, [onSignedOut]);

  const ask = (p: Pending) => {
    setError('');
    setPending(p);
  };
  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const done = await pending.run();
      setPending(null);
      setError('');
      setStatus(done);
    } catch (e) {
      setPending(null);
      setStatus('');
      setError(message(e));
      if (e instanceof OpsError && e.status === 401) onSignedOut();
    } finally {
      setBusy(false);
    }
    acted.current = pending.module;
    await refresh().catch((e: unknown) => setError(message(e)));
  };
  // The dialog gives focus back to the button that opened it; when the action took that
  // button away (Promote and Roll back go with the canary), focus goes to the module.
  useEffect(() => {
    const module = acted.current;
    acted.current = '';
    if (module && (!document.activeElement || document.activeElement === document.body)) {
      document.getElementById(`m-${module}`)?.focus();
    }
  }, [modules]);
  const reload = () =>
    refresh().then(
      () => {
        setError('');
        setStatus('Status and audit log read again.');
      },
      (e: unknown) => setError(message(e)),
    );
  // Signed out only when the edge says so (or the session had already ended): a
  // failed sign-out must not look like one while the cookie still works.
  const signOut = async () => {
    try {
      await call('DELETE', '/admin/session');
    } catch (e) {
      if (!(e instanceof OpsError && e.status === 401)) {
        setError(message(e));
        return;
      }
    }
    onSignedOut();
  };

  return (
    <>
      <header className="ops-header">
        <h1 ref={heading} tabIndex={-1}>
          Ops console
        </h1>
        <p className="ops-header__who">
          Signed in as <strong>{name}</strong>
        </p>
        <Button variant="secondary" onClick={reload}>
          Refresh
        </Button>
        <Button variant="secondary" onClick={signOut}>
          Sign out
        </Button>
      </header>
      <main className="ops-main">
        <div role="status" className="ops-status">
          {status}
        </div>
        <div role="alert" className="ops-error">
          {error}
        </div>
        <section aria-labelledby="ops-modules">
          <h2 id="ops-modules">Modules</h2>
          {modules.map((m) => (
            <ModuleCard key={m.module} status={m} ask={ask} />
          ))}
        </section>
        <AuditLog entries={audit} />
      </main>
      <Dialog
        open={pending !== null}
        title={pending?.title ?? ''}
        onCancel={() => !busy && setPending(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setPending(null)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="primary" onClick={confirm} disabled={busy}>
              {pending?.confirm}
            </Button>
          </>
        }
      >
        <p>{pending?.text}</p>
      </Dialog>
    </>
  );
}

function ModuleCard({ status: s, ask }: { status: ModuleStatus; ask: (p: Pending) => void }) {
  const id = `m-${s.module}`;
  const choices = canaryVersions(s);
  const [picked, setVersion] = useState('');
  // The version picked, or (before a pick, or once it is no longer offered) the canary or the newest.
  const version = choices.includes(picked) ? picked : (s.canary ?? choices[0] ?? '');
  const [percent, setPercent] = useState(String(s.percent || 10));
  const [percentError, setPercentError] = useState('');
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [newVersion, setNewVersion] = useState('');
  const [publishError, setPublishError] = useState('');
  const path = `/admin/modules/${encodeURIComponent(s.module)}`;

  const canary = (e: FormEvent) => {
    e.preventDefault();
    const p = parsePercent(percent);
    if (typeof p === 'string') return setPercentError(p);
    setPercentError('');
    ask({
      module: s.module,
      title: `Start a canary of ${s.module}`,
      text: confirmCanary(s, version, p),
      confirm: `Send ${version} to ${p}%`,
      run: async () => {
        await call('POST', `${path}/canary`, { version, percent: p });
        return `${s.module} ${version} now goes to ${p}% of visitors.`;
      },
    });
  };
  const rollback = (e: FormEvent) => {
    e.preventDefault();
    ask({
      module: s.module,
      title: `Roll back ${s.module}`,
      text: confirmRollback(s, reason),
      confirm: 'Roll back',
      run: async () => {
        await call('POST', `${path}/rollback`, reason.trim() ? { reason: reason.trim() } : undefined);
        setReason('');
        return `${s.module} rolled back: every visitor gets ${s.stable}.`;
      },
    });
  };
  const promote = () =>
    ask({
      module: s.module,
      title: `Promote ${s.module} ${s.canary}`,
      text: confirmPromote(s),
      confirm: `Make ${s.canary} stable`,
      run: async () => {
        await call('POST', `${path}/promote`);
        return `${s.module} ${s.canary} is stable now.`;
      },
    });
  const publish = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setPublishError('Choose a .tar or .tar.gz of the build.');
    if (!versionPattern.test(newVersion.trim())) return setPublishError('Enter a version such as 1.4.0.');
    setPublishError('');
    const v = newVersion.trim();
    const gz = /\.(tgz|gz)$/i.test(file.name);
    ask({
      module: s.module,
      title: `Publish ${s.module} ${v}`,
      text: confirmPublish(s.module, v, file.name),
      confirm: `Publish ${v}`,
      run: async () => {
        await call(
          'POST',
          `${path}/versions/${encodeURIComponent(v)}`,
          file,
          gz ? 'application/gzip' : 'application/x-tar',
        );
        setNewVersion('');
        return `${s.module} ${v} is published.`;
      },
    });
  };

  return (
    <article className="ops-module" aria-labelledby={id}>
      <h3 id={id} tabIndex={-1}>
        {s.module}
      </h3>
      <dl className="ops-facts">
        <dt>Stable</dt>
        <dd data-fact="stable">{s.stable}</dd>
        <dt>Canary</dt>
        <dd data-fact="canary">{s.canary ? `${s.canary} to ${s.percent}% of visitors` : 'none'}</dd>
        {s.canary && (
          <>
            <dt>Canary health</dt>
            <dd>{healthLine(s.health?.canary)}</dd>
            <dt>Stable health</dt>
            <dd>{healthLine(s.health?.stable)}</dd>
          </>
        )}
        <dt>Last rollback</dt>
        <dd data-fact="rollback">
          {s.lastRollback
            ? `${s.lastRollback.version} by ${s.lastRollback.actor}, ${when(s.lastRollback.at)}: ${s.lastRollback.reason}`
            : 'none'}
        </dd>
        <dt>Published</dt>
        <dd>{s.versions.join(', ') || 'none'}</dd>
      </dl>
      <div className="ops-actions">
        <form onSubmit={canary} className="ops-form" aria-label={`Canary of ${s.module}`} noValidate>
          <Select
            label="Canary version"
            name="version"
            value={version}
            onChange={(e) => setVersion(e.target.value)}
            options={choices.map((v) => ({ value: v, label: v }))}
            disabled={choices.length === 0}
            hint={choices.length === 0 ? 'Publish another version first.' : undefined}
          />
          <TextField
            label="Percent of visitors"
            name="percent"
            inputMode="numeric"
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
            error={percentError || undefined}
          />
          <Button type="submit" variant="primary" disabled={choices.length === 0}>
            Start canary…
          </Button>
        </form>
        {s.canary && (
          <div className="ops-form">
            <Button variant="primary" onClick={promote}>
              Promote {s.canary}…
            </Button>
            <form onSubmit={rollback} aria-label={`Roll back ${s.module}`} noValidate>
              <TextField
                label="Reason for the rollback"
                name="reason"
                optional
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
              <Button type="submit" variant="secondary">
                Roll back…
              </Button>
            </form>
          </div>
        )}
        <form onSubmit={publish} className="ops-form" aria-label={`Publish a version of ${s.module}`} noValidate>
          <TextField
            label="Build (.tar or .tar.gz)"
            name="build"
            type="file"
            accept=".tar,.tar.gz,.tgz"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <TextField
            label="Version"
            name="new-version"
            value={newVersion}
            onChange={(e) => setNewVersion(e.target.value)}
            error={publishError || undefined}
          />
          <Button type="submit" variant="secondary">
            Publish…
          </Button>
        </form>
      </div>
    </article>
  );
}

function AuditLog({ entries }: { entries: AuditEntry[] }) {
  return (
    <section aria-labelledby="ops-audit">
      <h2 id="ops-audit">Audit log</h2>
      {entries.length === 0 ? (
        <p>No release actions yet.</p>
      ) : (
        // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="ops-table" role="region" aria-label="Audit entries" tabIndex={0}>
          <table>
            <caption className="ops-sr">Release actions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Module</th>
                <th scope="col">Version</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e, i) => (
                <tr key={`${e.at}-${i}`}>
                  <td>{when(e.at)}</td>
                  <td>{e.actor}</td>
                  <td>{e.action}</td>
                  <td>{e.module}</td>
                  <td>{e.version ?? ''}</td>
                  <td>{e.detail ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
