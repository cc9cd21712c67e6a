package contract

import (
	"math"
	"math/rand"
	"strconv"
	"testing"
)

// ECMAScript's Number.prototype.toString spellings (RFC 8785 §3.2.2.3).
func TestAppendNumberSpellsLikeECMAScript(t *testing.T) {
	cases := map[float64]string{
		0: "0", math.Copysign(0, -1): "0", 1: "1", -1: "-1", 100: "100", 0.1: "0.1", 1.5: "1.5", -2.5: "-2.5",
		1e20: "100000000000000000000", 1e21: "1e+21", 1.5e21: "1.5e+21", 123456789012345680000: "123456789012345680000",
		0.000001: "0.000001", 1e-7: "1e-7", 1.2345e-7: "1.2345e-7", 123e-20: "1.23e-18", 5e-324: "5e-324",
		math.MaxFloat64: "1.7976931348623157e+308", 9007199254740993: "9007199254740992", 0.30000000000000004: "0.30000000000000004",
		333333333.3333333: "333333333.3333333", 1e300: "1e+300", -1e-300: "-1e-300",
	}
	for f, want := range cases {
		if got := FormatNumber(f); got != want {
			t.Errorf("%v: got %s, want %s", f, got, want)
		}
	}
	// Every spelling reads back as the same double.
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 100000; i++ {
		f := math.Float64frombits(rng.Uint64())
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		back, err := strconv.ParseFloat(FormatNumber(f), 64)
		if err != nil || back != f {
			t.Fatalf("%v spelled %s reads back as %v (%v)", f, FormatNumber(f), back, err)
		}
	}
}

func TestFreeFormValuesRoundTripExactly(t *testing.T) {
	in := `{"__proto__":{"constructor":1},"big":-123456789012345678901234567890,"f":[1.0,1e2,-0.0,2.50],"s":"\u00e9\ud83d\ude00\u0000","n":null,"b":false}`
	want := `{"__proto__":{"constructor":1},"big":-123456789012345678901234567890,"f":[1,100,0,2.5],"s":"é😀\u0000","n":null,"b":false}`
	v := MustParseValue(in)
	if got := string(AppendValue(nil, v)); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

func TestEqualIsJSONSchemaEquality(t *testing.T) {
	eq := [][2]string{{`1`, `1.0`}, {`{"a":1,"b":[2]}`, `{"b":[2.0],"a":1}`}, {`"x"`, `"x"`}, {`null`, `null`}}
	ne := [][2]string{{`false`, `0`}, {`true`, `1`}, {`[1,2]`, `[2,1]`}, {`{"a":1}`, `{"a":1,"b":2}`}, {`"1"`, `1`}}
	for _, p := range eq {
		if !Equal(MustParseValue(p[0]), MustParseValue(p[1])) {
			t.Errorf("%s should equal %s", p[0], p[1])
		}
	}
	for _, p := range ne {
		if Equal(MustParseValue(p[0]), MustParseValue(p[1])) {
			t.Errorf("%s should not equal %s", p[0], p[1])
		}
	}
}

func TestPaths(t *testing.T) {
	path := []segment{{name: "data", index: -1}, {name: "content-type", index: -1}, {index: 3}, {name: "a\"\n\u00e9", index: -1}, {name: "_x1", index: -1}}
	if got, want := formatPath(path), `$.data["content-type"][3]["a\"\né"]._x1`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
