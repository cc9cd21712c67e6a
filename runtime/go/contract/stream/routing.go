package stream

import (
	"encoding/json"
	"errors"
	"sort"
	"strings"
)

// Table-driven routing: CloudEvents by datacontenttype (schemas/README.md: `cloudevents`), the legacy
// GraphEvent migration (schemas/README.md: `cloudevents`), and the run-event consumer rules of
// `run_events` (content routing with the scratchpad bleed filter, tool routing, status
// normalisation). Every table is an argument: the values are the contract's
// (EventContentType, GraphEventContentTypes, WebToolNames, ScratchpadToolNames,
// ScratchpadBleedFilterStrings, StrategyEntryPrefixes, StatusNormalization ...).

const asciiSpace = " \t\r\n"

// NormalizeMediaType is type/subtype in lower case, parameters and surrounding
// spaces dropped (RFC 2045: case-insensitive).
func NormalizeMediaType(contentType string) string {
	if i := strings.IndexByte(contentType, ';'); i >= 0 {
		contentType = contentType[:i]
	}
	return strings.ToLower(strings.Trim(contentType, " \t"))
}

// ContentTypeRoutes maps media types to route names.
type ContentTypeRoutes struct {
	Routes            map[string]string // media type -> route name (e.g. the STREAM type -> "stream")
	AbsentContentType string            // what a CloudEvent without datacontenttype means (application/json)
	Fallback          string            // the route of any other media type (a generic renderer)
}

// RouteContentType is the route of a CloudEvent by its datacontenttype (nil: the member is absent).
func RouteContentType(config ContentTypeRoutes, datacontenttype *string) string {
	media := config.AbsentContentType
	if datacontenttype != nil {
		media = *datacontenttype
	}
	media = NormalizeMediaType(media)
	known := make([]string, 0, len(config.Routes))
	for k := range config.Routes {
		known = append(known, k)
	}
	sort.Strings(known) // deterministic if two entries normalise alike
	for _, k := range known {
		if NormalizeMediaType(k) == media {
			return config.Routes[k]
		}
	}
	return config.Fallback
}

// GraphEventMigration holds the tables of the legacy migration.
type GraphEventMigration struct {
	ContentTypes       map[string]string // GraphEventContentTypes
	DefaultContentType string            // GraphEventDefaultContentType: "all others"
	SpecVersion        string            // the CloudEvent specversion const
}

// GraphEventContentType is the datacontenttype of a legacy GraphEvent type.
func GraphEventContentType(config GraphEventMigration, graphEventType string) string {
	if contentType, ok := config.ContentTypes[graphEventType]; ok {
		return contentType
	}
	return config.DefaultContentType
}

// GraphEventFields are the CloudEvent's own fields: Type is the CloudEvent
// type the caller names (the seeds give no rule from GraphEvent types to
// CloudEvent types); ID is required and not empty, as every CloudEvent's is
// (Source + ID identify the event); Data nil (or JSON null) is omitted.
type GraphEventFields struct {
	Type   string
	Source string
	Data   json.RawMessage
	ID     string
}

// MigratedEvent is the CloudEvent of a legacy GraphEvent; it marshals with
// its members in this order.
type MigratedEvent struct {
	SpecVersion     string          `json:"specversion"`
	Type            string          `json:"type"`
	Source          string          `json:"source"`
	ID              string          `json:"id"`
	DataContentType string          `json:"datacontenttype"`
	Data            json.RawMessage `json:"data,omitempty"`
}

// MigrateGraphEvent is migrate_graph_event_to_cloud_event: a CloudEvent whose
// datacontenttype follows the legacy type. An empty ID is an error.
func MigrateGraphEvent(
	config GraphEventMigration, graphEventType string, fields GraphEventFields,
) (MigratedEvent, error) {
	if fields.ID == "" {
		return MigratedEvent{}, errors.New("MigrateGraphEvent: a CloudEvent needs a non-empty id")
	}
	data := fields.Data
	if strings.Trim(string(data), asciiSpace) == "null" {
		data = nil
	}
	return MigratedEvent{config.SpecVersion, fields.Type, fields.Source, fields.ID,
		GraphEventContentType(config, graphEventType), data}, nil
}

// RunEventRouting holds the run-event tables of the `run_events` family.
type RunEventRouting struct {
	WebTools            []string
	ScratchpadTools     []string
	WebRoute            string            // WebSearchStatus
	ScratchpadRoute     string            // ScratchpadStatus
	DefaultRoute        string            // DefaultToolRoute: DeepResearchStatus
	StrategyPrefixes    []string          // StrategyEntryPrefixes
	BleedStrings        []string          // an entry ending with ":" is a prefix of variable messages
	LegacyStatusPrefix  string            // LegacyStatusEventPrefix
	StatusNormalization map[string]string // StatusNormalization
	TerminalStates      []string          // normalised states that end an operation (success, error)
}

// Swallow is the route of what is not shown.
const Swallow = "swallow"

// NormalizeStatus maps a status spelling to its normalised state; false: unknown.
func NormalizeStatus(config RunEventRouting, value string) (string, bool) {
	normalized, ok := config.StatusNormalization[value]
	return normalized, ok
}

// RouteToolCallStart: a web tool goes to the web route, a scratchpad tool is swallowed, any other goes to
// the default route.
func RouteToolCallStart(config RunEventRouting, tool string) string {
	switch {
	case containsString(config.WebTools, tool):
		return config.WebRoute
	case containsString(config.ScratchpadTools, tool):
		return Swallow
	}
	return config.DefaultRoute
}

// RouteWebStatus routes like RouteToolCallStart.
func RouteWebStatus(config RunEventRouting, tool string) string {
	return RouteToolCallStart(config, tool)
}

// RouteResearchStatus: a scratchpad tool goes to the scratchpad route only
// when the (normalised) state is terminal, else it is swallowed.
func RouteResearchStatus(config RunEventRouting, tool, state string) string {
	switch {
	case containsString(config.ScratchpadTools, tool):
		if normalized, ok := NormalizeStatus(config, state); ok && containsString(config.TerminalStates, normalized) {
			return config.ScratchpadRoute
		}
		return Swallow
	case containsString(config.WebTools, tool):
		return config.WebRoute
	}
	return config.DefaultRoute
}

// IsBleed tells whether text is a bleed string: compared trimmed, exactly, or
// as a prefix when the entry ends with ":".
func IsBleed(config RunEventRouting, text string) bool {
	trimmed := strings.Trim(text, asciiSpace)
	for _, bleed := range config.BleedStrings {
		if trimmed == bleed || (strings.HasSuffix(bleed, ":") && strings.HasPrefix(trimmed, bleed)) {
			return true
		}
	}
	return false
}

// ContentDecision: Route is scratchpad_start, scratchpad_append,
// legacy_status, swallow or chat; ClosedEntry is the scratchpad entry a new
// entry start closed, if any.
type ContentDecision struct {
	Route       string
	ClosedEntry *string
}

// ContentRouter applies the `run_events` family's routing order to content events, with the
// scratchpad accumulation buffer:
//  1. text starting with a strategy prefix opens an entry (closing an open one);
//  2. while an entry is open, text is appended to it;
//  3. text starting with the legacy StatusEvent prefix goes to the web status;
//  4. a bleed string is swallowed;
//  5. anything else is chat content.
//
// Prefixes are matched after leading ASCII whitespace. Flush (on the
// lifecycle status event, or a terminal run event) closes the open entry.
type ContentRouter struct {
	config RunEventRouting
	entry  *strings.Builder
}

// NewContentRouter makes a router with no open entry.
func NewContentRouter(config RunEventRouting) *ContentRouter { return &ContentRouter{config: config} }

// Route decides where a content event's text goes.
func (r *ContentRouter) Route(text string) ContentDecision {
	lead := strings.TrimLeft(text, asciiSpace)
	for _, prefix := range r.config.StrategyPrefixes {
		if strings.HasPrefix(lead, prefix) {
			closed := r.Flush()
			r.entry = &strings.Builder{}
			r.entry.WriteString(text)
			return ContentDecision{"scratchpad_start", closed}
		}
	}
	switch {
	case r.entry != nil:
		r.entry.WriteString(text)
		return ContentDecision{Route: "scratchpad_append"}
	case strings.HasPrefix(lead, r.config.LegacyStatusPrefix):
		return ContentDecision{Route: "legacy_status"}
	case IsBleed(r.config, text):
		return ContentDecision{Route: Swallow}
	}
	return ContentDecision{Route: "chat"}
}

// OpenEntry is the open scratchpad entry's text, if any.
func (r *ContentRouter) OpenEntry() (string, bool) {
	if r.entry == nil {
		return "", false
	}
	return r.entry.String(), true
}

// Flush closes the open entry and returns it (nil: none was open).
func (r *ContentRouter) Flush() *string {
	text, ok := r.OpenEntry()
	r.entry = nil
	if !ok {
		return nil
	}
	return &text
}
