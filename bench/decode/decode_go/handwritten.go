// The chat-stream contract (schemas/chat_stream/) written by hand as plain Go
// structs for encoding/json, the way a team without a generator would write
// it: member for member as bench/decode/handwritten/pydantic/chat_stream.py,
// optional and nullable members as pointers, free-form members as
// map[string]any, the tagged union read as raw bytes, its tag peeked at and
// the variant unmarshalled. It validates nothing: encoding/json does not
// check required members, enums, formats (URL, UUID, date-time), minimums,
// closed objects, duplicate members, absent versus null, or deep nesting,
// and it drops the unknown members of the open objects (Entity, Message).
// It is the peer the generated binding is measured against (bench/decode.py).
package main

import (
	"encoding/json"
	"fmt"
)

type hwEntity struct {
	EntityType        string   `json:"entity_type"`
	Identifier        string   `json:"identifier"`
	Title             *string  `json:"title,omitempty"`
	Description       *string  `json:"description,omitempty"`
	FileName          string   `json:"file_name"`
	Mimetype          string   `json:"mimetype"`
	WorkspaceID       string   `json:"workspace_id"`
	StoredEntityID    *string  `json:"stored_entity_id,omitempty"`
	ContentArtifactID *string  `json:"content_artifact_id,omitempty"`
	ContentLength     *int64   `json:"content_length,omitempty"`
	CreatedAt         *string  `json:"created_at,omitempty"`
	Purpose           *string  `json:"purpose,omitempty"`
	ExternalURL       *string  `json:"external_url,omitempty"`
	APIName           *string  `json:"api_name,omitempty"`
	APISubtype        *string  `json:"api_subtype,omitempty"`
	UserQuery         *string  `json:"user_query,omitempty"`
	AllSeenEntities   []string `json:"all_seen_entities,omitempty"`
	CitedEntities     []string `json:"cited_entities,omitempty"`
}

type hwMessage struct {
	ID                        string     `json:"id"`
	ChatID                    string     `json:"chat_id"`
	CreatorType               string     `json:"creator_type"`
	CreatorUserID             *string    `json:"creator_user_id,omitempty"`
	MessageType               *string    `json:"message_type,omitempty"`
	DeliverableType           *string    `json:"deliverable_type,omitempty"`
	IsAnswer                  bool       `json:"is_answer"`
	IsRunning                 *bool      `json:"is_running,omitempty"`
	NeedsClarificationMessage *string    `json:"needs_clarification_message,omitempty"`
	RetryAttempts             *int64     `json:"retry_attempts,omitempty"`
	Content                   string     `json:"content"`
	HydratedContent           *string    `json:"hydrated_content,omitempty"`
	UserContentArtifactID     *string    `json:"user_content_artifact_id,omitempty"`
	UserMessageEntityIDs      []string   `json:"user_message_entity_ids,omitempty"`
	UserMessageEntities       []hwEntity `json:"user_message_entities,omitempty"`
	AiOutputID                *string    `json:"ai_output_id,omitempty"`
	FirstReportIdentifier     *string    `json:"first_report_identifier,omitempty"`
	Entities                  []hwEntity `json:"entities,omitempty"`
	EventStreamArtifactID     *string    `json:"event_stream_artifact_id,omitempty"`
	ErrorType                 *string    `json:"error_type,omitempty"`
	CreatedAt                 string     `json:"created_at"`
}

type hwPlanTask struct {
	ID             string  `json:"id"`
	Title          string  `json:"title"`
	Message        string  `json:"message"`
	PlanID         string  `json:"plan_id"`
	Status         string  `json:"status"`
	PreviousTaskID *string `json:"previous_task_id,omitempty"`
}

type hwPlan struct {
	ID             string                `json:"id"`
	PlanSetID      string                `json:"plan_set_id"`
	Title          *string               `json:"title,omitempty"`
	Summary        *string               `json:"summary,omitempty"`
	Status         string                `json:"status"`
	PlanTasks      map[string]hwPlanTask `json:"plan_tasks"`
	UsedSources    []string              `json:"used_sources,omitempty"`
	PreviousPlanID *string               `json:"previous_plan_id,omitempty"`
}

type hwPlanSet struct {
	ChatID            string            `json:"chat_id"`
	CreatorUserID     string            `json:"creator_user_id"`
	UserChatMessageID string            `json:"user_chat_message_id"`
	WorkspaceID       string            `json:"workspace_id"`
	Plans             map[string]hwPlan `json:"plans"`
}

type hwPendingSource struct {
	PlanID     string  `json:"plan_id"`
	PlanSetID  string  `json:"plan_set_id"`
	PlanTaskID string  `json:"plan_task_id"`
	Title      string  `json:"title"`
	Type       string  `json:"type"`
	WebDomain  *string `json:"web_domain,omitempty"`
}

type hwNodeMembers struct {
	NodeID    string `json:"node_id"`
	PlanID    string `json:"plan_id"`
	PlanSetID string `json:"plan_set_id"`
}

type hwStreamStart struct {
	Type              string `json:"type"`
	ChatID            string `json:"chat_id"`
	CreatorUserID     string `json:"creator_user_id"`
	UserChatMessageID string `json:"user_chat_message_id"`
	WorkspaceID       string `json:"workspace_id"`
}

type hwHeartbeat struct {
	Type string `json:"type"`
}

type hwDone struct {
	Type                    string     `json:"type"`
	HasAsyncEntitiesPending *bool      `json:"has_async_entities_pending,omitempty"`
	Message                 *hwMessage `json:"message,omitempty"`
}

type hwStreamError struct {
	Type         string `json:"type"`
	ErrorType    string `json:"error_type"`
	ErrorMessage string `json:"error_message"`
}

type hwMessageDelta struct {
	Type  string `json:"type"`
	Delta string `json:"delta"`
}

type hwAiMessage struct {
	Type    string    `json:"type"`
	Message hwMessage `json:"message"`
}

type hwMessageIsAnswer struct {
	Type     string `json:"type"`
	IsAnswer bool   `json:"is_answer"`
}

type hwChatTitleGenerated struct {
	Type  string `json:"type"`
	Title string `json:"title"`
}

type hwClarificationNeeded struct {
	Type    string    `json:"type"`
	Message hwMessage `json:"message"`
}

type hwClarificationUpdate struct {
	ChatMessageID             string  `json:"chat_message_id"`
	NeedsClarificationMessage *string `json:"needs_clarification_message"`
}

type hwUpdateMessageClarificationMessage struct {
	Type   string                `json:"type"`
	Update hwClarificationUpdate `json:"update"`
}

type hwTaskUpdate struct {
	Type     string         `json:"type"`
	Key      string         `json:"key"`
	Title    string         `json:"title"`
	Message  string         `json:"message"`
	Status   string         `json:"status"`
	PlanSet  hwPlanSet      `json:"plan_set"`
	Metadata map[string]any `json:"metadata,omitempty"`
}

type hwPendingSources struct {
	Type           string            `json:"type"`
	PendingSources []hwPendingSource `json:"pending_sources"`
}

type hwReferencesFound struct {
	Type       string     `json:"type"`
	References []hwEntity `json:"references"`
}

type hwNodeToolsExecutionStart struct {
	hwNodeMembers
	Type       string   `json:"type"`
	ToolIDs    []string `json:"tool_ids"`
	TotalTools int64    `json:"total_tools"`
	Timestamp  int64    `json:"timestamp"`
}

type hwNodeToolEvent struct {
	hwNodeMembers
	Type      string         `json:"type"`
	Event     string         `json:"event"`
	ToolID    *string        `json:"tool_id,omitempty"`
	ToolType  *string        `json:"tool_type,omitempty"`
	Metadata  map[string]any `json:"metadata,omitempty"`
	Timestamp int64          `json:"timestamp"`
}

type hwUpdateSubagentCurrentAction struct {
	hwNodeMembers
	Type          string  `json:"type"`
	CurrentAction string  `json:"current_action"`
	ToolID        *string `json:"tool_id,omitempty"`
	Timestamp     int64   `json:"timestamp"`
}

type hwNodeReportPreviewStart struct {
	hwNodeMembers
	Type            string   `json:"type"`
	PreviewID       string   `json:"preview_id"`
	ReportTitle     string   `json:"report_title"`
	ReportUserQuery string   `json:"report_user_query"`
	FinalReport     bool     `json:"final_report"`
	Entity          hwEntity `json:"entity"`
	SectionID       *string  `json:"section_id,omitempty"`
	ToolID          *string  `json:"tool_id,omitempty"`
	Timestamp       int64    `json:"timestamp"`
	WorkspaceID     string   `json:"workspace_id"`
}

type hwNodeReportPreviewDelta struct {
	hwNodeMembers
	Type      string  `json:"type"`
	PreviewID string  `json:"preview_id"`
	Delta     string  `json:"delta"`
	SectionID *string `json:"section_id,omitempty"`
}

type hwNodeReportPreviewDone struct {
	hwNodeMembers
	Type        string    `json:"type"`
	PreviewID   string    `json:"preview_id"`
	Content     string    `json:"content"`
	ReportTitle string    `json:"report_title"`
	FinalReport bool      `json:"final_report"`
	Entity      *hwEntity `json:"entity,omitempty"`
	SectionID   *string   `json:"section_id,omitempty"`
	ToolID      *string   `json:"tool_id,omitempty"`
	Timestamp   int64     `json:"timestamp"`
	WorkspaceID string    `json:"workspace_id"`
}

type hwBrowserUseStart struct {
	Type             string `json:"type"`
	BrowserSessionID string `json:"browser_session_id"`
	BrowserStreamURL string `json:"browser_stream_url"`
	Timestamp        int64  `json:"timestamp"`
}

type hwBrowserUseStop struct {
	Type             string `json:"type"`
	BrowserSessionID string `json:"browser_session_id"`
}

type hwBrowserUseAwaitUserInput struct {
	Type             string  `json:"type"`
	BrowserSessionID string  `json:"browser_session_id"`
	AgentMessage     *string `json:"agent_message,omitempty"`
}

type hwPing struct {
	Type      string `json:"type"`
	Timestamp string `json:"timestamp"`
}

type hwErrorEvent struct {
	Type        string         `json:"type"`
	Code        string         `json:"code"`
	Message     string         `json:"message"`
	Recoverable bool           `json:"recoverable"`
	Context     map[string]any `json:"context,omitempty"`
}

type hwMessageFile struct {
	Type     string `json:"type"`
	FileID   string `json:"fileId"`
	Name     string `json:"name"`
	MimeType string `json:"mimeType"`
	URL      string `json:"url"`
	Size     *int64 `json:"size,omitempty"`
}

type hwCost struct {
	Cents    int64  `json:"cents"`
	Currency string `json:"currency"`
}

type hwUsageUpdate struct {
	Type         string  `json:"type"`
	InputTokens  int64   `json:"inputTokens"`
	OutputTokens int64   `json:"outputTokens"`
	TotalTokens  int64   `json:"totalTokens"`
	Cost         *hwCost `json:"cost,omitempty"`
}

// hwStreamEnvelope holds the decoded variant in Data (a pointer to one of
// the structs above).
type hwStreamEnvelope struct {
	Data      any
	Timestamp int64
}

func hwVariant[T any]() func([]byte) (any, error) {
	return func(raw []byte) (any, error) {
		v := new(T)
		err := json.Unmarshal(raw, v)
		return v, err
	}
}

var hwVariants = map[string]func([]byte) (any, error){
	"stream_start":                         hwVariant[hwStreamStart](),
	"heartbeat":                            hwVariant[hwHeartbeat](),
	"done":                                 hwVariant[hwDone](),
	"ERROR":                                hwVariant[hwStreamError](),
	"message_delta":                        hwVariant[hwMessageDelta](),
	"ai_message":                           hwVariant[hwAiMessage](),
	"message_is_answer":                    hwVariant[hwMessageIsAnswer](),
	"chat_title_generated":                 hwVariant[hwChatTitleGenerated](),
	"clarification_needed":                 hwVariant[hwClarificationNeeded](),
	"update_message_clarification_message": hwVariant[hwUpdateMessageClarificationMessage](),
	"task_update":                          hwVariant[hwTaskUpdate](),
	"pending_sources":                      hwVariant[hwPendingSources](),
	"references_found":                     hwVariant[hwReferencesFound](),
	"node_tools_execution_start":           hwVariant[hwNodeToolsExecutionStart](),
	"node_tool_event":                      hwVariant[hwNodeToolEvent](),
	"update_subagent_current_action":       hwVariant[hwUpdateSubagentCurrentAction](),
	"node_report_preview_start":            hwVariant[hwNodeReportPreviewStart](),
	"node_report_preview_delta":            hwVariant[hwNodeReportPreviewDelta](),
	"node_report_preview_done":             hwVariant[hwNodeReportPreviewDone](),
	"browser_use_start":                    hwVariant[hwBrowserUseStart](),
	"browser_use_stop":                     hwVariant[hwBrowserUseStop](),
	"browser_use_await_user_input":         hwVariant[hwBrowserUseAwaitUserInput](),
	"ping":                                 hwVariant[hwPing](),
	"error":                                hwVariant[hwErrorEvent](),
	"message-file":                         hwVariant[hwMessageFile](),
	"usage-update":                         hwVariant[hwUsageUpdate](),
}

// handwritten decodes one line into the hand-written structs: the envelope
// with its data as raw bytes, the tag, then the variant.
func handwritten(line []byte) (hwStreamEnvelope, error) {
	var wire struct {
		Data      json.RawMessage `json:"data"`
		Timestamp int64           `json:"timestamp"`
	}
	if err := json.Unmarshal(line, &wire); err != nil {
		return hwStreamEnvelope{}, err
	}
	var tag struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(wire.Data, &tag); err != nil {
		return hwStreamEnvelope{}, err
	}
	decode, ok := hwVariants[tag.Type]
	if !ok {
		return hwStreamEnvelope{}, fmt.Errorf("unknown tag %q", tag.Type)
	}
	data, err := decode(wire.Data)
	return hwStreamEnvelope{Data: data, Timestamp: wire.Timestamp}, err
}
