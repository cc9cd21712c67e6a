package contract

import (
	"encoding/json"
	"math/rand"
	"strings"
	"testing"
)

// The scanner accepts exactly the JSON texts encoding/json accepts, on
// thousands of mutated documents (ASCII only and without \u escapes, where
// the payload policy and encoding/json agree: they differ only on invalid
// UTF-8 and lone surrogates, tested separately).
func TestScannerAgreesWithEncodingJSON(t *testing.T) {
	seeds := []string{
		`{"a": [1, -2.5e+3, true, false, null], "b": {"c": "d\n\"e\"", "": {}}, "f": []}`,
		`[0, 0.0, -0, 1E9, 12.34e-5, "x\\y\/z", {"k": [[], {}]}]`,
		`"just a string"`, `123`, `  {"deep": [[[[{"x": [1]}]]]]} `, `true`,
	}
	alphabet := []byte(`{}[]:,"\ 0123456789.eE+-tfnulrsa` + "\t\n\r")
	rng := rand.New(rand.NewSource(20240601))
	checked := 0
	for i := 0; i < 20000; i++ {
		doc := []byte(seeds[rng.Intn(len(seeds))])
		for m := rng.Intn(3) + 1; m > 0 && len(doc) > 0; m-- {
			at := rng.Intn(len(doc))
			switch rng.Intn(3) {
			case 0:
				doc[at] = alphabet[rng.Intn(len(alphabet))]
			case 1:
				doc = append(doc[:at], doc[at+1:]...)
			default:
				doc = append(doc[:at], append([]byte{alphabet[rng.Intn(len(alphabet))]}, doc[at:]...)...)
			}
		}
		d := NewDecoder(doc)
		ours := d.Run(func() { d.skipValue() }) == nil
		if theirs := json.Valid(doc); ours != theirs {
			t.Fatalf("%q: scanner says %v, encoding/json says %v", doc, ours, theirs)
		}
		checked++
	}
	if checked != 20000 {
		t.Fatal("not every document was checked")
	}
}

func TestPayloadPolicy(t *testing.T) {
	cases := []struct{ name, text, path, keyword string }{
		{"byte order mark", "\xEF\xBB\xBF1", "$", KeywordSyntax},
		{"invalid UTF-8", "\"\xFF\"", "$", KeywordSyntax},
		{"overlong UTF-8", "\"\xC0\xAF\"", "$", KeywordSyntax},
		{"UTF-8 of a surrogate", "\"\xED\xA0\x80\"", "$", KeywordSyntax},
		{"lone high surrogate", `"\uD83D"`, "$", KeywordSyntax},
		{"high surrogate then a letter", `"\uD83Dx"`, "$", KeywordSyntax},
		{"lone low surrogate", `"\uDE00"`, "$", KeywordSyntax},
		{"duplicate member", `{"a": 1, "b": {"c": 1, "c": 2}}`, "$.b.c", KeywordDuplicate},
		{"depth 129", strings.Repeat("[", 129) + strings.Repeat("]", 129), "$" + strings.Repeat("[0]", 128), KeywordDepth},
		{"a million brackets", strings.Repeat("[", 1000000), "$" + strings.Repeat("[0]", 128), KeywordDepth},
		{"number beyond a double", `[1e400]`, "$[0]", KeywordRange},
		{"control character", "\"a\x01\"", "$", KeywordSyntax},
	}
	for _, c := range cases {
		d := NewDecoder([]byte(c.text))
		err := d.Run(func() { d.Any() })
		de, _ := err.(*DecodeError)
		if de == nil || de.Path != c.path || de.Keyword != c.keyword {
			t.Errorf("%s: got %v, want %s %s", c.name, err, c.path, c.keyword)
		}
	}
	// Depth 128 is fine; a surrogate pair and 1e-400 (underflow to 0) too.
	for _, text := range []string{strings.Repeat("[", 128) + strings.Repeat("]", 128), `"\uD83D\uDE00"`, `1e-400`} {
		d := NewDecoder([]byte(text))
		if err := d.Run(func() { d.Any() }); err != nil {
			t.Errorf("%.40s: %v", text, err)
		}
	}
	// Skipping (union look-ahead) has no depth limit and no recursion.
	deep := strings.Repeat("[", 1000000) + strings.Repeat("]", 1000000)
	d := NewDecoder([]byte(deep))
	if err := d.Run(func() { d.skipValue() }); err != nil {
		t.Errorf("skipping a million brackets: %v", err)
	}
}

func TestIntegers(t *testing.T) {
	ok := map[string]int64{"1": 1, "1.0": 1, "1e2": 100, "-0": 0, "-0.0": 0, "9007199254740991": 9007199254740991,
		"-9007199254740991": -9007199254740991, "1.5e1": 15, "0.5e1": 5}
	for text, want := range ok {
		d := NewDecoder([]byte(text))
		var got int64
		if err := d.Run(func() { got = d.Int(nil) }); err != nil || got != want {
			t.Errorf("%s: got %d, %v", text, got, err)
		}
	}
	bad := map[string]string{"9007199254740992": KeywordRange, "-9007199254740992": KeywordRange,
		"123456789012345678901234": KeywordRange, "1e400": KeywordRange, "1.5": KeywordType, `"1"`: KeywordType,
		"true": KeywordType}
	for text, keyword := range bad {
		d := NewDecoder([]byte(text))
		err := d.Run(func() { d.Int(nil) })
		if de, _ := err.(*DecodeError); de == nil || de.Keyword != keyword {
			t.Errorf("%s: got %v, want %s", text, err, keyword)
		}
	}
	// A schema bound fails before the default range (same position, earlier in the keyword order).
	d := NewDecoder([]byte("9007199254740993"))
	err := d.Run(func() { d.Int(&NumberRule{HasMaximum: true, Maximum: 100}) })
	if de, _ := err.(*DecodeError); de == nil || de.Keyword != KeywordMaximum {
		t.Errorf("got %v, want maximum", err)
	}
}

// Large objects and arrays stay linear: a duplicate after 100,000 members,
// uniqueness of 100,000 items.
func TestLargeValuesStayLinear(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"x": {`)
	for i := 0; i < 100000; i++ {
		b.WriteString(`"k` + itoa(i) + `": 1, `)
	}
	b.WriteString(`"k5": 2}}`)
	d := NewDecoder([]byte(b.String()))
	err := d.Run(func() { d.Any() })
	if de, _ := err.(*DecodeError); de == nil || de.Path != "$.x.k5" || de.Keyword != KeywordDuplicate {
		t.Fatalf("got %v", err)
	}
	items := make([]string, 0, 100001)
	for i := 0; i < 100000; i++ {
		items = append(items, itoa(i)+".5")
	}
	unique := &CountRule{Max: -1, Unique: true}
	d = NewDecoder([]byte("[" + strings.Join(items, ",") + "]"))
	if err := d.Run(func() { DecodeArray(d, unique, (*Decoder).Any) }); err != nil {
		t.Fatal(err)
	}
	items = append(items, `{"a": [1]}`, `{"a": [1.0]}`)
	d = NewDecoder([]byte("[" + strings.Join(items, ",") + "]"))
	err = d.Run(func() { DecodeArray(d, unique, (*Decoder).Any) })
	if de, _ := err.(*DecodeError); de == nil || de.Keyword != KeywordUniqueItems || !strings.Contains(de.Detail, "100000 and 100001") {
		t.Fatalf("got %v", err)
	}
	// Digits beyond a double are compared as written.
	d = NewDecoder([]byte("[1" + strings.Repeat("0", 400) + ", 2" + strings.Repeat("0", 400) + "]"))
	if err := d.Run(func() { DecodeArray(d, unique, (*Decoder).Any) }); err != nil {
		t.Fatal(err)
	}
}
