import { Button } from 'primereact/button';
import { useId, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import ReactMarkdown, { type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import './markdown.css';

/*
 * Safety: react-markdown never runs raw HTML (there is no rehype-raw here, so
 * tags show as their text) and its default URL transform empties `javascript:`
 * and other unsafe links.
 */
const plugins = [remarkGfm];

/**
 * What a compact text keeps: inline emphasis. Blocks unwrap so the text flows as one paragraph; links unwrap to their text, as a card may
 * itself be clickable.
 */
const COMPACT_ELEMENTS = ['strong', 'em', 'del', 'code'];

/** Long text collapses after 3 lines or 300 characters (§1, §9). */
const isLong = (text: string) => text.length > 300 || text.split('\n').length > 3;

/** A link that names its own host (`https://…`, `//…`) leads out of the app; a path stays in it. */
const isExternal = (href: string) => /^(https?:)?\/\//i.test(href);
const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' };

/** Another site's page opens in a tab of its own, with no handle back to this one. */
function MarkdownLink({ node: _node, ...props }: ComponentProps<'a'> & ExtraProps) {
  return <a {...props} {...(props.href && isExternal(props.href) ? NEW_TAB : {})} />;
}

const FULL_COMPONENTS = { a: MarkdownLink };

interface MarkdownProps {
  text: string;
  /** For cards and table cells: clamped to 3 lines, no toggle, no links. */
  compact?: boolean;
  className?: string;
}

/** A description, scenario or comment written in markdown (GitHub's flavour), rendered safely. */
export function Markdown({ text, compact = false, className = '' }: MarkdownProps) {
  if (compact) {
    return (
      <div className={`markdown markdown--compact ${className}`}>
        <ReactMarkdown remarkPlugins={plugins} allowedElements={COMPACT_ELEMENTS} unwrapDisallowed>
          {text}
        </ReactMarkdown>
      </div>
    );
  }
  return <CollapsibleMarkdown text={text} className={className} />;
}

/** The whole text, collapsed to 3 lines behind a Show more toggle when it is long. */
function CollapsibleMarkdown({ text, className }: { text: string; className: string }) {
  const { t } = useTranslation();
  const bodyId = useId();
  const [expanded, setExpanded] = useState(false);
  const long = isLong(text);
  return (
    <div className={`markdown ${className}`}>
      <div id={bodyId} className={`markdown__body${long && !expanded ? ' is-collapsed' : ''}`}>
        <ReactMarkdown remarkPlugins={plugins} components={FULL_COMPONENTS}>
          {text}
        </ReactMarkdown>
      </div>
      {long && (
        <Button
          text
          size="small"
          icon={expanded ? 'pi pi-chevron-up' : 'pi pi-chevron-down'}
          label={t(expanded ? 'common.showLess' : 'common.showMore')}
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded(!expanded)}
        />
      )}
    </div>
  );
}
