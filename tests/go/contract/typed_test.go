// The Go API of the bindings: values built in Go encode in schema order,
// tri-state members keep absent and null apart, the tables are constants.
package contract_test

import (
	"testing"

	"github.com/contractgen/contract/generated/go/chatstream"
	"github.com/contractgen/contract/generated/go/contract"
	"github.com/contractgen/contract/generated/go/runevents"
)

func TestTristateAndSchemaOrder(t *testing.T) {
	e := chatstream.Entity{EntityType: chatstream.EntityTypeWebPage, Identifier: "i", FileName: "f", Mimetype: "m", WorkspaceID: "w"}
	base := `{"entity_type":"WEB_PAGE","identifier":"i","file_name":"f","mimetype":"m","workspace_id":"w"`
	if got := string(chatstream.MarshalEntity(e)); got != base+`}` {
		t.Fatalf("absent: %s", got)
	}
	e.Title = contract.NullValue[string]()
	if got := string(chatstream.MarshalEntity(e)); got != `{"entity_type":"WEB_PAGE","identifier":"i","title":null,"file_name":"f","mimetype":"m","workspace_id":"w"}` {
		t.Fatalf("null: %s", got)
	}
	e.Title = contract.Some("T")
	e.AdditionalProperties.Set("x-note", "kept")
	if got := string(chatstream.MarshalEntity(e)); got != `{"entity_type":"WEB_PAGE","identifier":"i","title":"T","file_name":"f","mimetype":"m","workspace_id":"w","x-note":"kept"}` {
		t.Fatalf("value: %s", got)
	}
	// Decoding keeps the three states apart too.
	for input, state := range map[string]string{
		base + `}`:                "absent",
		base + `, "title": null}`: "null",
		base + `, "title": "T"}`:  "value",
	} {
		v, err := chatstream.ParseEntity([]byte(input))
		if err != nil {
			t.Fatal(err)
		}
		got := "value"
		if v.Title.IsAbsent() {
			got = "absent"
		} else if v.Title.IsNull() {
			got = "null"
		}
		if got != state {
			t.Errorf("%s: title is %s, want %s", input, got, state)
		}
	}
}

func TestTablesAndLookup(t *testing.T) {
	if s, ok := runevents.NormalizeStatus("completed"); !ok || s != runevents.NormalizedStatus("success") {
		t.Errorf("NormalizeStatus(completed) = %q, %v", s, ok)
	}
	if _, ok := runevents.NormalizeStatus("COMPLETED"); ok {
		t.Error("NormalizeStatus matched a key the table does not have")
	}
	if runevents.DefaultToolRoute != runevents.UIComponent("DeepResearchStatus") || len(runevents.WebToolNames) != 6 {
		t.Errorf("tables: %q, %v", runevents.DefaultToolRoute, runevents.WebToolNames)
	}
}

func TestSealedUnionAndMarshalJSON(t *testing.T) {
	var event chatstream.StreamEvent = chatstream.MessageDelta{Delta: "x"}
	if event.Type() != "message_delta" {
		t.Fatalf("Type() = %q", event.Type())
	}
	envelope := chatstream.StreamEnvelope{Data: event, Timestamp: 3}
	data, err := envelope.MarshalJSON()
	if err != nil || string(data) != `{"data":{"type":"message_delta","delta":"x"},"timestamp":3}` {
		t.Fatalf("%s, %v", data, err)
	}
}
