import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import Image from '@mui/icons-material/Image';
import LinkIcon from '@mui/icons-material/Link';
import OndemandVideo from '@mui/icons-material/OndemandVideo';
import Redo from '@mui/icons-material/Redo';
import Title from '@mui/icons-material/Title';
import Undo from '@mui/icons-material/Undo';
import { Autocomplete, Box, Divider, FormHelperText, FormLabel, IconButton, TextField, Tooltip } from '@mui/material';
import { FontSize, TextStyle } from '@tiptap/extension-text-style';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { EDITOR_FONT_SIZE } from '../../../shared/slides';
import { isAllowedEmbedSrc } from '../../../shared/resources/richText';
import { uploadFile } from './upload';
import { Picture, VideoEmbed } from './editorNodes';

const t = (key: string) => `resources.slides.editor.${key}`;

/** A font size from the editor's field: integer 1..72 (spec 2 §6), else null. */
export function parseFontSize(value: string | number | null | undefined): number | null {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').replace(/px$/i, '').trim());
  return Number.isInteger(n) && n >= EDITOR_FONT_SIZE.min && n <= EDITOR_FONT_SIZE.max ? n : null;
}

/** The editing area is a labelled multi-line text box for a screen reader, invalid with its error. */
// the editable area is a multi-line text box named by the field's label, or a generic name without one
const areaAttributes = (id: string, label: string | undefined, error: string | undefined, unnamed: string): Record<string, string> => ({
  role: 'textbox',
  'aria-multiline': 'true',
  ...(label ? { 'aria-labelledby': `${id}-label` } : { 'aria-label': unnamed }),
  ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
});

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  label?: string;
  error?: string;
  'data-testid'?: string;
}

/**
 * Rich text for slides (tiptap): formatting, lists, links (new tab), pictures, video-site
 * embeds and font sizes 1–72 px (default 16, presets of spec 2 §6). The server sanitises
 * what is saved; the player renders it through DOMPurify.
 */
export function RichTextEditor({ value, onChange, label, error, ...rest }: RichTextEditorProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  // the toolbar's buttons are one tab stop, arrows move between them (WAI-ARIA APG toolbar)
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const editor = useEditor({
    editorProps: { attributes: areaAttributes(id, label, error, translate(t('content'))) },
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' } } }),
      TextStyle,
      FontSize,
      VideoEmbed,
      Picture,
    ],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // the field's error reaches the editing area too
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setOptions({ editorProps: { attributes: areaAttributes(id, label, error, translate(t('content'))) } });
  }, [editor, id, label, error, translate]);
  // a value set from outside (record loaded) replaces the content
  useEffect(() => {
    // tiptap may hand back an editor it has already destroyed (remounts): it has no schema then
    if (!editor || editor.isDestroyed) return;
    if (value !== editor.getHTML() && !(value === '' && editor.isEmpty)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      heading: e?.isActive('heading', { level: 2 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
      fontSize: parseFontSize((e?.getAttributes('textStyle').fontSize as string | undefined) ?? null) ?? EDITOR_FONT_SIZE.default,
    }),
  });
  const [sizeText, setSizeText] = useState(String(EDITOR_FONT_SIZE.default));
  useEffect(() => setSizeText(String(state?.fontSize ?? EDITOR_FONT_SIZE.default)), [state?.fontSize]);

  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const applySize = (raw: string | number | null) => {
    const size = parseFontSize(raw);
    if (size === null) return setSizeText(String(state?.fontSize ?? EDITOR_FONT_SIZE.default));
    if (size === EDITOR_FONT_SIZE.default) chain().unsetFontSize().run();
    else chain().setFontSize(`${size}px`).run();
    setSizeText(String(size));
  };
  let order = 0;
  const button = (key: string, icon: React.ReactNode, active: boolean, run: () => void) => {
    const index = order++;
    return (
      <Tooltip title={translate(t(key))} key={key}>
        <IconButton
          size="small"
          ref={(el) => void (buttons.current[index] = el)}
          tabIndex={index === current ? 0 : -1}
          aria-label={translate(t(key))}
          aria-pressed={active}
          color={active ? 'primary' : 'default'}
          onMouseDown={(e) => e.preventDefault()}
          onFocus={() => setCurrent(index)}
          onClick={run}
        >
          {icon}
        </IconButton>
      </Tooltip>
    );
  };
  const move = (e: React.KeyboardEvent) => {
    const count = buttons.current.filter(Boolean).length;
    const to = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: count - 1 }[e.key];
    if (to === undefined || !(e.target instanceof HTMLButtonElement)) return;
    e.preventDefault();
    const next = (to + count) % count;
    setCurrent(next);
    buttons.current[next]?.focus();
  };
  const addLink = () => {
    const href = window.prompt(translate(t('linkPrompt')), (editor.getAttributes('link').href as string | undefined) ?? 'https://');
    if (href === null) return;
    if (!href || href === 'https://') chain().unsetLink().run();
    else if (/^(https?:|mailto:|\/)/i.test(href)) chain().extendMarkRange('link').setLink({ href }).run();
  };
  const addVideo = () => {
    const src = window.prompt(translate(t('videoPrompt')), 'https://www.youtube.com/embed/');
    if (src && isAllowedEmbedSrc(src)) chain().insertContent({ type: 'videoEmbed', attrs: { src } }).run();
  };
  const addPicture = async (file: File) => {
    try {
      const stored = await uploadFile(file, 'picture', () => undefined);
      chain().insertContent({ type: 'picture', attrs: { src: stored.address, alt: file.name } }).run();
    } catch (e) {
      const body = (e as { body?: { Description?: string } }).body;
      notify(body?.Description ?? translate('resources.slides.upload.pictureFailed'), { type: 'error' });
    }
  };

  return (
    <Box sx={{ mb: 2 }} data-testid={rest['data-testid'] ?? 'rich-text-editor'}>
      {label && (
        <FormLabel id={`${id}-label`} error={!!error}>
          {label}
        </FormLabel>
      )}
      <Box sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1 }}>
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, p: 0.5, borderBottom: 1, borderColor: 'divider' }}
          role="toolbar"
          aria-label={translate(t('toolbar'))}
          aria-controls={`${id}-area`}
          onKeyDown={move}
        >
          <Autocomplete
            freeSolo
            size="small"
            // wide enough for its label («Размер шрифта») in either language, not cut to «Размер шри…»
            sx={{ width: 160 }}
            options={EDITOR_FONT_SIZE.presets.map(String)}
            inputValue={sizeText}
            onInputChange={(_, v, reason) => (reason === 'reset' ? applySize(v) : setSizeText(v))}
            renderInput={(params) => (
              <TextField
                {...params}
                label={translate(t('fontSize'))}
                inputProps={{ ...params.inputProps, inputMode: 'numeric', 'data-testid': 'font-size' }}
                onBlur={() => applySize(sizeText)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    applySize(sizeText);
                  }
                }}
              />
            )}
          />
          <Divider orientation="vertical" flexItem />
          {button('bold', <FormatBold />, !!state?.bold, () => chain().toggleBold().run())}
          {button('italic', <FormatItalic />, !!state?.italic, () => chain().toggleItalic().run())}
          {button('underline', <FormatUnderlined />, !!state?.underline, () => chain().toggleUnderline().run())}
          {button('heading', <Title />, !!state?.heading, () => chain().toggleHeading({ level: 2 }).run())}
          {button('bulletList', <FormatListBulleted />, !!state?.bullet, () => chain().toggleBulletList().run())}
          {button('orderedList', <FormatListNumbered />, !!state?.ordered, () => chain().toggleOrderedList().run())}
          {button('link', <LinkIcon />, !!state?.link, addLink)}
          {button('image', <Image />, false, () => fileInput.current?.click())}
          {button('video', <OndemandVideo />, false, addVideo)}
          <Divider orientation="vertical" flexItem />
          {button('undo', <Undo />, false, () => chain().undo().run())}
          {button('redo', <Redo />, false, () => chain().redo().run())}
          <input
            ref={fileInput}
            type="file"
            hidden
            accept="image/png,image/jpeg"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void addPicture(f);
            }}
          />
        </Box>
        <Box
          sx={{
            p: 1.5,
            minHeight: 160,
            fontSize: EDITOR_FONT_SIZE.default,
            '& .ProseMirror': { outline: 'none', minHeight: 140 },
            // the editable area's own outline is off: the box shows where the focus is
            '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2, borderRadius: 1 },
            '& iframe': { maxWidth: '100%', aspectRatio: '16 / 9', width: '100%', height: 'auto', border: 0 },
            '& img': { maxWidth: '100%' },
          }}
        >
          <EditorContent editor={editor} id={`${id}-area`} />
        </Box>
      </Box>
      {error && (
        <FormHelperText id={`${id}-error`} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
