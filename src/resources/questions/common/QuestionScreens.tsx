import { Alert } from '@mui/material';
import type { ReactNode } from 'react';
import { CreateBase, EditBase, useEditContext, useTranslate, type RaRecord } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { QuestionKind } from '../../../../shared/questions';
import type { ResourceDeclaration } from '../../../../shared/resources/define';
import { PageFrame } from '../../../ui/PageFrame';
import { PageState } from '../../../ui/PageState';
import { useSavedToast } from '../../../ui/savedToast';
import { useSubmit } from '../../../ui/useSubmit';
import { listPath, scopeMeta, useScope, type ResourcePaths } from '../../factory/paths';
import { DropButton } from './DropButton';
import { QuestionForm } from './QuestionForm';
import type { FormShape } from './resolver';
import { WhereUsedButton } from './WhereUsed';

interface ScreenProps {
  decl: ResourceDeclaration;
  paths: ResourcePaths;
  /** i18n key of the title */
  title: string;
  /** where the screen goes back to, when not the list of `paths` */
  back?: string;
  /** how the form differs from the API body, when it does */
  shape?: FormShape;
  /** a submission of its own (a multipart form) instead of the dataProvider's; answers the record */
  send?: (values: FieldValues, record?: RaRecord) => Promise<unknown>;
  children: ReactNode;
}

/** Where a screen goes back to: its list, the scope (`questionId` of an answer) filled in. */
function useBack(decl: ResourceDeclaration, paths: ResourcePaths, back?: string) {
  const scope = useScope(decl);
  return { scope, back: back ?? listPath(decl.name, paths, scope) };
}

/** The record's name in a toast: the declaration's representation (a question's label, an answer's text). */
const nameOf = (decl: ResourceDeclaration, record: unknown) => (decl.ui.recordRepresentation ? (record as Record<string, unknown> | undefined)?.[decl.ui.recordRepresentation] : undefined);

/** A submission of its own: a toast naming the record, react-admin's caches of the resource refreshed, then `then`. */
function useOwnSubmit(decl: ResourceDeclaration, send: ScreenProps['send'], action: 'created' | 'updated', then: (result: unknown) => void, record?: RaRecord) {
  const submit = useSubmit((values: FieldValues) => send!(values, record), then, {
    invalidate: [[decl.name]],
    successKey: `resources.${decl.name}.notifications.${action}`,
    successArgs: (result, values) => ({ label: nameOf(decl, result) ?? nameOf(decl, values) }),
  });
  return send ? submit : undefined;
}

/** What a kind's create form is made of (its page and the slide editor's dialog share it). */
export interface QuestionCreateSpec {
  decl: ResourceDeclaration;
  /** i18n key of the title */
  title: string;
  /** how the form differs from the API body, when it does */
  shape?: FormShape;
  /** a submission of its own (a multipart form) instead of the dataProvider's; answers the record */
  send?: ScreenProps['send'];
  defaultValues: FieldValues;
  /** the kind's inputs */
  inputs: ReactNode;
}

/**
 * A kind's create form without a page around it: react-admin's create through the dataProvider
 * (or `send`), a toast naming the new record, then `onCreated` with it. `cancel` is where Cancel
 * goes, or what it does (a dialog closes).
 */
export function QuestionCreateForm({
  spec,
  defaultValues,
  onCreated,
  cancel,
  scope = {},
}: {
  spec: QuestionCreateSpec;
  /** values over the kind's defaults (e.g. the program of the slide being edited) */
  defaultValues?: FieldValues;
  onCreated: (record: RaRecord) => void;
  cancel: string | (() => void);
  scope?: Record<string, string | number>;
}) {
  const toast = useSavedToast();
  const { decl, shape, send } = spec;
  const onSubmit = useOwnSubmit(decl, send, 'created', (record) => onCreated(record as RaRecord));
  const created = (record: RaRecord) => {
    toast(`resources.${decl.name}.notifications.created`, 'created', nameOf(decl, record));
    onCreated(record);
  };
  return (
    <CreateBase resource={decl.name} transform={shape?.toBody} mutationOptions={{ ...scopeMeta(scope), onSuccess: created }}>
      <QuestionForm schema={decl.schema.create} shape={shape} defaultValues={{ ...spec.defaultValues, ...defaultValues }} onSubmit={onSubmit} back={cancel}>
        {spec.inputs}
      </QuestionForm>
    </CreateBase>
  );
}

/** A create screen of the banks: the kind's create form on its page; then its list (or `redirectTo`). */
export function QuestionCreate({ paths, redirectTo, back: backTo, ...spec }: QuestionCreateSpec & { paths: ResourcePaths; back?: string; redirectTo?: (record: RaRecord) => string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { scope, back } = useBack(spec.decl, paths, backTo);
  return (
    <PageFrame title={translate(spec.title)} back={back}>
      <QuestionCreateForm spec={spec} scope={scope} cancel={back} onCreated={(record) => navigate(redirectTo ? redirectTo(record) : back)} />
    </PageFrame>
  );
}

interface EditProps extends ScreenProps {
  /** a bank question's kind: "where used" and delete (then back) beside the title */
  kind?: QuestionKind;
  /** more buttons beside the title, for the loaded record */
  actions?: (record: RaRecord) => ReactNode;
  /** form values the record does not hold (e.g. the files to keep) */
  formDefaults?: (record: RaRecord) => FieldValues;
  /** i18n key of the 404 text */
  notFound?: string;
}

function EditScreen({ decl, title, shape, send, kind, actions, formDefaults, notFound, back, children }: Omit<EditProps, 'paths' | 'back'> & { back: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { record, isPending, error, refetch } = useEditContext();
  const onSubmit = useOwnSubmit(decl, send, 'updated', () => navigate(back), record);
  const buttons = record && (
    <>
      {actions?.(record)}
      {kind && <WhereUsedButton kind={kind} id={Number(record.id)} />}
      {kind && <DropButton resource={decl.name} record={record} onDone={() => navigate(back)} />}
    </>
  );
  return (
    <PageFrame title={translate(title)} back={back} actions={buttons}>
      <PageState
        isPending={isPending}
        error={error}
        refetch={refetch}
        notFound={<Alert severity="warning" data-testid="load-error">{translate(notFound ?? 'questionBanks.messages.notFound')}</Alert>}
      >
        {record && (
          <QuestionForm schema={decl.schema.update} shape={shape} defaultValues={formDefaults?.(record)} onSubmit={onSubmit} back={back}>
            {children}
          </QuestionForm>
        )}
      </PageState>
    </PageFrame>
  );
}

/**
 * An edit screen of the banks: the record loaded and saved through the dataProvider
 * (pessimistic: the server's field errors show at the inputs), or saved by `send`. A missing or
 * refused record shows in place (no redirect).
 */
export function QuestionEdit({ decl, paths, shape, back: backTo, ...rest }: EditProps) {
  const { scope, back } = useBack(decl, paths, backTo);
  const navigate = useNavigate();
  const toast = useSavedToast();
  const saved = (record: RaRecord) => {
    toast(`resources.${decl.name}.notifications.updated`, 'updated', nameOf(decl, record));
    navigate(back);
  };
  return (
    <EditBase
      resource={decl.name}
      mutationMode="pessimistic"
      transform={shape?.toBody}
      redirect={back}
      redirectOnError={false}
      queryOptions={{ ...scopeMeta(scope), onError: () => undefined }}
      mutationOptions={{ ...scopeMeta(scope), onSuccess: saved }}
    >
      <EditScreen decl={decl} shape={shape} back={back} {...rest} />
    </EditBase>
  );
}
