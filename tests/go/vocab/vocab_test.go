// Values built in code are judged as the decoder judges their text: the
// assertion types of the C++ vocabulary test (tests/cpp/vocab/schemas), with a
// declaration that carries an assertion (Window), a member that carries one
// (Window.tags), items that carry one (Schedule.names) or are such a
// declaration (Schedule.windows), and a member whose null one refuses
// (Schedule.note). CTest copies this file into the generated module.
package vocab_test

import (
	"errors"
	"testing"

	"contractgen.test/vocab/contract"
	"contractgen.test/vocab/vocab"
)

// verdict is "ok", or the path and keyword of a *contract.DecodeError.
func verdict(err error) string {
	if err == nil {
		return "ok"
	}
	var e *contract.DecodeError
	if !errors.As(err, &e) {
		return "not a DecodeError: " + err.Error()
	}
	return e.Path + " " + e.Keyword
}

func ptr[T any](v T) *T { return &v }

func window(kind string, start, end *int64) vocab.Window {
	return vocab.Window{Kind: &kind, Start: start, End: end}
}

func parseWindow(text []byte) error {
	_, err := vocab.ParseWindow(text)
	return err
}

func parseSchedule(text []byte) error {
	_, err := vocab.ParseSchedule(text)
	return err
}

func TestValidateRefusesWhatParseRefuses(t *testing.T) {
	cases := []struct {
		name, text, want string
		parse            func([]byte) error
		validate         func() error
		marshal          func() []byte
	}{
		{"declaration: if/then", `{"kind":"range","start":1}`, "$ then", parseWindow,
			func() error { return vocab.ValidateWindow(window("range", ptr[int64](1), nil)) },
			func() []byte { return vocab.MarshalWindow(window("range", ptr[int64](1), nil)) }},
		{"declaration: dependentRequired", `{"kind":"point","end":1}`, "$ dependentRequired", parseWindow,
			func() error { return vocab.ValidateWindow(window("point", nil, ptr[int64](1))) },
			func() []byte { return vocab.MarshalWindow(window("point", nil, ptr[int64](1))) }},
		{"member: contains", `{"tags":["a"]}`, "$.tags contains", parseWindow,
			func() error { return vocab.ValidateWindow(vocab.Window{Tags: &[]string{"a"}}) },
			func() []byte { return vocab.MarshalWindow(vocab.Window{Tags: &[]string{"a"}}) }},
		{"item: a declaration with an assertion",
			`{"windows":[{"kind":"range","start":1,"end":2},{"kind":"range","start":1}]}`, "$.windows[1] then", parseSchedule,
			func() error {
				return vocab.ValidateSchedule(vocab.Schedule{Windows: &[]vocab.Window{
					window("range", ptr[int64](1), ptr[int64](2)), window("range", ptr[int64](1), nil)}})
			},
			func() []byte {
				return vocab.MarshalSchedule(vocab.Schedule{Windows: &[]vocab.Window{
					window("range", ptr[int64](1), ptr[int64](2)), window("range", ptr[int64](1), nil)}})
			}},
		{"item: an assertion on the items", `{"names":["a","none"]}`, "$.names[1] not", parseSchedule,
			func() error { return vocab.ValidateSchedule(vocab.Schedule{Names: &[]string{"a", "none"}}) },
			func() []byte { return vocab.MarshalSchedule(vocab.Schedule{Names: &[]string{"a", "none"}}) }},
		{"member: null checked too", `{"note":null}`, "$.note not", parseSchedule,
			func() error { return vocab.ValidateSchedule(vocab.Schedule{Note: contract.NullValue[string]()}) },
			func() []byte { return vocab.MarshalSchedule(vocab.Schedule{Note: contract.NullValue[string]()}) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := verdict(c.parse([]byte(c.text))); got != c.want {
				t.Fatalf("the decoder says %q of %s, want %q", got, c.text, c.want)
			}
			if got := string(c.marshal()); got != c.text {
				t.Fatalf("the value is not the one %s decodes to: it encodes to %s", c.text, got)
			}
			if got := verdict(c.validate()); got != c.want {
				t.Fatalf("Validate says %q, the decoder %q", got, c.want)
			}
		})
	}
}

func TestValidateAcceptsValidValuesWrittenAsBefore(t *testing.T) {
	valid := window("range", ptr[int64](1), ptr[int64](2))
	valid.Tags = &[]string{"main"}
	schedule := vocab.Schedule{
		Windows: &[]vocab.Window{window("point", nil, nil), valid},
		Names:   &[]string{"a", "b"},
		Note:    contract.Some("n"),
		Amounts: &[]vocab.ScheduleAmountsItem{{Number: ptr(2.5)}, {Number: ptr(3.5)}},
	}
	const text = `{"windows":[{"kind":"point"},{"kind":"range","start":1,"end":2,"tags":["main"]}],` +
		`"names":["a","b"],"note":"n","amounts":[2.5,3.5]}`
	if err := vocab.ValidateSchedule(schedule); err != nil {
		t.Fatalf("a valid value is refused: %v", err)
	}
	if got := string(vocab.MarshalSchedule(schedule)); got != text {
		t.Fatalf("encodes to %s, want %s", got, text)
	}
	if _, err := vocab.ParseSchedule([]byte(text)); err != nil {
		t.Fatalf("the decoder refuses %s: %v", text, err)
	}
}
