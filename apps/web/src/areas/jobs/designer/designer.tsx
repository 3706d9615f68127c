import { useMemo, useState } from 'react';
import { Alert, Button, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import {
  IconCheck,
  IconDeviceFloppy,
  IconLayoutColumns,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { checkWorkflow, type TAppointmentType, type TStatus } from '@fieldbook/core';
import { ApiError, errorMessage } from '../../../api/api-client';
import { useSaveJobType } from '../../../api/use-job-types';
import { useTemplates } from '../../../api/use-templates';
import { useCurrentCompany } from '../../../app/company-context';
import { confirmDelete } from '../../../ui/confirm';
import { PageHeader } from '../../../ui/page-header';
import { useUnsavedChangesPrompt } from '../../../ui/use-unsaved-changes-prompt';
import { usePhone } from '../../../ui/use-phone';
import { ComponentEditor } from './component-editor';
import * as ops from './designer-state';
import type { DraftType } from './designer-state';
import { FormPreview } from './form-preview';
import { GraphProblems } from './graph-problems';
import { StatusEditor } from './status-editor';
import { useTypeDeletion } from './type-delete';
import { TypeList } from './type-list';
import { TypeSettings } from './type-settings';
import { WorkflowDiagram } from './workflow-diagram';

interface Props {
  title: string;
  initial: TAppointmentType[];
}

type Notice = { ok: boolean; text: string; title?: string } | null;

/** The appointment types being edited: list, settings, diagram, status and field editors. */
export function Designer({ title, initial }: Props) {
  const { company } = useCurrentCompany();
  const [drafts, setDrafts] = useState<DraftType[]>(() => initial.map(ops.fromSaved));
  const [selectedKey, setSelectedKey] = useState<string | null>(drafts[0]?.key ?? null);
  const [statusId, setStatusId] = useState<string | null>(null);
  const [addedKey, setAddedKey] = useState<string | null>(null);
  const [arranged, setArranged] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);
  const { save, refresh } = useSaveJobType();
  const invoiceList = useTemplates('invoice');
  const generalList = useTemplates('general');
  const groups = company?.userGroups ?? [];
  const phone = usePhone();

  const draft = drafts.find((d) => d.key === selectedKey) ?? null;
  const status: TStatus | null =
    draft?.statuses.find((s) => s.id === statusId) ?? draft?.statuses[0] ?? null;
  const problemsByKey = useMemo(
    () => new Map(drafts.map((d) => [d.key, checkWorkflow(d.statuses, d.components)])),
    [drafts],
  );
  const problems = useMemo(
    () => (draft && problemsByKey.get(draft.key)) || [],
    [draft, problemsByKey],
  );
  const problemIds = useMemo(
    () => new Set(problems.flatMap((p) => (p.statusId ? [p.statusId] : []))),
    [problems],
  );
  const broken = new Set([...problemsByKey].filter(([, p]) => p.length > 0).map(([k]) => k));
  const invoiceTemplates = (invoiceList.data ?? []).map((t) => ({ value: t._id, label: t.name }));
  const generalTemplates = (generalList.data ?? []).map((t) => ({ value: t._id, label: t.name }));
  const dirty = drafts.some((d) => d.dirty);

  /** Changes the selected type; a change clears its last refusal. */
  const change = (fn: (d: DraftType) => DraftType) => {
    if (!draft) return;
    setNotice(null);
    setDrafts((ds) =>
      ds.map((d) =>
        d.key === draft.key ? { ...fn(d), dirty: true, error: null, fields: null } : d,
      ),
    );
  };
  const patchDraft = (key: string, patch: Partial<DraftType>) =>
    setDrafts((ds) => ds.map((d) => (d.key === key ? { ...d, ...patch } : d)));

  const selectType = (key: string) => {
    setSelectedKey(key);
    setStatusId(null);
  };
  const addType = () => {
    const d = ops.createDraft();
    setDrafts((ds) => [...ds, d]);
    selectType(d.key);
    setAddedKey(d.key);
  };
  const addStatus = () => {
    if (!draft) return;
    const { draft: next, id } = ops.addStatus(draft, status?.id);
    change(() => next);
    setStatusId(id);
  };
  const removeStatus = (id: string) => change((d) => ops.removeStatus(d, id));

  /** Save All: every changed type once, after the graph check passes for all of them. */
  const saveAll = async (): Promise<boolean> => {
    const changed = drafts.filter((d) => d.dirty || !d._id);
    const bad = changed.find((d) => (problemsByKey.get(d.key) ?? []).length > 0);
    if (bad) {
      selectType(bad.key);
      setNotice({
        ok: false,
        text: `Not saved: the workflow of '${bad.name}' has problems. ${problemsByKey.get(bad.key)![0]!.message}.`,
      });
      return false;
    }
    setSaving(true);
    let ok = true;
    for (const d of changed) {
      try {
        const r = await save.mutateAsync(ops.toSaveBody(d, drafts.indexOf(d)));
        patchDraft(d.key, {
          _id: r._id,
          updatedAt: r.updatedAt,
          dirty: false,
          error: null,
          fields: null,
        });
      } catch (e) {
        ok = false;
        patchDraft(d.key, {
          error: errorMessage(e),
          fields: e instanceof ApiError && e.fields ? e.fields : null,
        });
      }
    }
    await refresh();
    setSaving(false);
    const refused =
      changed.length > 1 ? 'Some types were not saved (marked in red).' : 'Not saved.';
    setNotice(ok ? { ok, text: 'Saved' } : { ok, text: refused });
    return ok;
  };
  useUnsavedChangesPrompt(dirty, saveAll);
  const deleteType = useTypeDeletion({
    drafts,
    onDeleted: (key, text) => {
      const left = drafts.filter((d) => d.key !== key);
      setDrafts(left);
      selectType(left[0]?.key ?? '');
      setNotice({ ok: true, text });
    },
    onError: (text) => setNotice({ ok: false, text, title: 'Not deleted' }),
  });

  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: title }]}
        description="Your kinds of job: the statuses a job moves through, what each status does, and the fields of the job form."
        actions={
          <>
            {notice?.ok && (
              <Text c="green.9" fw={600} role="status">
                <IconCheck size={16} aria-hidden /> {notice.text}
              </Text>
            )}
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              loading={saving}
              onClick={() => void saveAll()}
            >
              Save All
            </Button>
          </>
        }
      />
      {notice && !notice.ok && (
        <Alert color="red" role="alert" mb="md" title={notice.title ?? 'Not saved'}>
          {notice.text}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <TypeList
            types={drafts}
            selectedKey={selectedKey}
            broken={broken}
            onSelect={selectType}
            onAdd={addType}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {draft ? (
            <Stack gap="lg">
              <Paper withBorder p="md">
                <Group justify="flex-end" mb="xs">
                  <Button
                    variant="light"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={14} />}
                    disabled={drafts.length <= 1}
                    onClick={() => deleteType(draft)}
                  >
                    Delete type
                  </Button>
                </Group>
                <TypeSettings
                  type={draft}
                  focusName={draft.key === addedKey}
                  onChange={(p) => change((d) => ({ ...d, ...p }))}
                />
              </Paper>
              <Paper withBorder p="md">
                <Group justify="space-between" mb="xs">
                  <Title order={2} size="h4">
                    Workflow
                  </Title>
                  <Group gap="xs" wrap="wrap">
                    <Select
                      aria-label="Selected status"
                      size="xs"
                      w={150}
                      data={draft.statuses.map((s) => ({ value: s.id, label: s.name || '?' }))}
                      value={status?.id ?? null}
                      allowDeselect={false}
                      onChange={(id) => id && setStatusId(id)}
                    />
                    <Button
                      variant="default"
                      size="xs"
                      leftSection={<IconLayoutColumns size={14} />}
                      onClick={() => {
                        change(ops.arrangeStatuses);
                        setArranged((n) => n + 1);
                      }}
                    >
                      Arrange
                    </Button>
                    <Button
                      variant="default"
                      size="xs"
                      leftSection={<IconPlus size={14} />}
                      onClick={addStatus}
                      disabled={draft.statuses.length >= 40}
                    >
                      Add status
                    </Button>
                  </Group>
                </Group>
                <Text size="xs" c="dimmed" mb="xs">
                  Drag a status to place it. Draw a link from a status&apos;s{' '}
                  {phone ? 'bottom' : 'right'} handle to the next status&apos;s{' '}
                  {phone ? 'top' : 'left'} handle; a status without links is final. Select a link or
                  status and press Delete to remove it.
                </Text>
                <WorkflowDiagram
                  key={draft.key}
                  statuses={draft.statuses}
                  selectedId={status?.id ?? null}
                  problemIds={problemIds}
                  onSelect={(id) => id && setStatusId(id)}
                  onMove={(node, x, y) => change((d) => ops.moveNode(d, node, x, y))}
                  onLink={(a, b) => change((d) => ops.addLink(d, a, b))}
                  onUnlink={(a, b) => change((d) => ops.removeLink(d, a, b))}
                  onRemove={removeStatus}
                  vertical={phone}
                  fitKey={arranged}
                />
                <GraphProblems
                  problems={problems}
                  statuses={draft.statuses}
                  onSelect={setStatusId}
                />
              </Paper>
              <Grid gap="lg">
                <Grid.Col span={{ base: 12, lg: 6 }}>
                  <Paper withBorder p="md">
                    {status && (
                      <StatusEditor
                        key={status.id}
                        status={status}
                        statuses={draft.statuses}
                        components={draft.components}
                        groups={groups}
                        invoiceTemplates={invoiceTemplates}
                        generalTemplates={generalTemplates}
                        onChange={(p) => change((d) => ops.updateStatus(d, status.id, p))}
                        onLinks={(t) => change((d) => ops.setLinks(d, status.draw.id, t))}
                        onRemove={() =>
                          confirmDelete(
                            () => removeStatus(status.id),
                            `Delete the status '${status.name}'?`,
                          )
                        }
                      />
                    )}
                  </Paper>
                </Grid.Col>
                <Grid.Col span={{ base: 12, lg: 6 }}>
                  <Stack gap="lg">
                    <Paper withBorder p="md">
                      <Title order={2} size="h4" mb="xs">
                        Fields
                      </Title>
                      <ComponentEditor
                        components={draft.components}
                        statuses={draft.statuses}
                        groups={groups}
                        generalTemplates={generalTemplates}
                        fields={draft.fields}
                        onAdd={() => change(ops.addComponent)}
                        onChange={(i, p) => change((d) => ops.updateComponent(d, i, p))}
                        onRemove={(i) => change((d) => ops.removeComponent(d, i))}
                        onMove={(i, by) => change((d) => ops.moveComponent(d, i, by))}
                      />
                    </Paper>
                    <Paper withBorder p="md">
                      <Title order={2} size="h4" mb="xs">
                        Preview
                      </Title>
                      <FormPreview
                        components={draft.components}
                        status={status}
                        statuses={draft.statuses}
                        groups={groups}
                        templateName={(id) =>
                          generalTemplates.find((t) => t.value === id)?.label ?? null
                        }
                      />
                    </Paper>
                  </Stack>
                </Grid.Col>
              </Grid>
            </Stack>
          ) : (
            <Paper withBorder p="md">
              <Text c="dimmed">No appointment types yet: add one.</Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}
