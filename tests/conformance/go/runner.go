// The Go conformance runner: decodes each stdin line with the generated Go
// bindings and re-encodes it (see docs/conformance.md).
//
//	runner --type family.Type   every line is one JSON instance of that type
//	runner --mixed              every line is "family.Type<TAB>instance"
//	runner --list               prints every registered type name
//	--tolerant                  decode in the tolerant-reader mode
//
// One output line per input line: "ok <compact JSON>" (the binding's own
// re-serialisation) or "error <path>: <keyword>: <detail>". It is built
// against any contractgen Go output: the harness (harness/langs.py) writes
// a go.mod that replaces the module below with the generated folder, and
// rewrites the import paths to that module's path.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"example.com/contract/contract"
	"example.com/contract/registry"
)

func oneLine(s string) string {
	return strings.NewReplacer("\n", " ", "\r", " ").Replace(s)
}

// answer decodes one instance; a panic other than a decode error is a bug
// in the bindings, reported as "crash" rather than as a verdict.
func answer(rt registry.RoundTrip, data []byte, opts []contract.Option) (line string) {
	defer func() {
		if r := recover(); r != nil {
			line = "crash " + oneLine(fmt.Sprint(r))
		}
	}()
	out, err := rt(data, opts...)
	if err != nil {
		var de *contract.DecodeError
		if errors.As(err, &de) {
			return "error " + oneLine(de.Error())
		}
		return "crash " + oneLine(err.Error())
	}
	return "ok " + string(out)
}

func main() {
	typeName := flag.String("type", "", "every line is one instance of this family.Type")
	mixed := flag.Bool("mixed", false, `every line is "family.Type<TAB>instance"`)
	list := flag.Bool("list", false, "print the registered type names")
	tolerant := flag.Bool("tolerant", false, "decode in the tolerant-reader mode")
	flag.Parse()
	if *list {
		for _, name := range registry.Types {
			fmt.Println(name)
		}
		return
	}
	if *mixed == (*typeName != "") {
		fmt.Fprintln(os.Stderr, "usage: runner --type family.Type | --mixed | --list  [--tolerant]")
		os.Exit(2)
	}
	var opts []contract.Option
	if *tolerant {
		opts = append(opts, contract.Tolerant())
	}
	var fixed registry.RoundTrip
	if !*mixed {
		if fixed = registry.Find(*typeName); fixed == nil {
			fmt.Fprintf(os.Stderr, "unknown type '%s'; known types of that family:\n", *typeName)
			family := (*typeName)[:strings.IndexByte(*typeName+".", '.')+1]
			for _, name := range registry.Types {
				if strings.HasPrefix(name, family) {
					fmt.Fprintf(os.Stderr, "  %s\n", name)
				}
			}
			os.Exit(2)
		}
	}
	// Answers are written in blocks and flushed whenever no more input is
	// waiting: cheap for 100,000 piped lines, prompt for a coprocess.
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 {
			line = bytes.TrimSuffix(line, []byte("\n"))
			if fixed != nil {
				out.WriteString(answer(fixed, line, opts))
			} else if tab := bytes.IndexByte(line, '\t'); tab < 0 {
				out.WriteString("unknown-type ")
			} else if rt := registry.Find(string(line[:tab])); rt == nil {
				out.WriteString("unknown-type " + string(line[:tab]))
			} else {
				out.WriteString(answer(rt, line[tab+1:], opts))
			}
			out.WriteByte('\n')
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if in.Buffered() == 0 {
			out.Flush()
		}
	}
	out.Flush()
}
