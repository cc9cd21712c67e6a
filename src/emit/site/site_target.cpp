// The reference site: site/index.html (the families, operations and
// streams), site/<family>/index.html (the family's types by kind) and
// site/<family>/<Type>.html (one page per type: its fields and rules, its
// examples, where it travels and what uses it), with site/style.css. Static
// HTML and CSS, no script, nothing fetched: a folder that opens from disk.
//
// Built on request only (`--target site`, scripts/site): the target table
// marks it not by default, so generated/ and `check` do not include it.
// Every piece of schema text is escaped in html.cpp before a template sees it.
#include <algorithm>

#include "emit/site/html.h"
#include "emit/site/travels.h"
#include "emit/site/types_html.h"
#include "emit/targets.h"

namespace contractgen::emit {

namespace {

using render::Data;
using render::flag;
using render::List;
using render::Object;
namespace st = site;

// The members every page's head and navigation use.
void frame(const EmitContext& ctx, Data& page, const std::string& title, int depth) {
    page.set("header", Data(st::comment_safe(set_header_text(ctx))));
    page.set("page_title", Data(st::escape(title)));
    page.set("site_title", Data(st::escape(ctx.project.openapi_title)));
    page.set("version", Data(st::escape(ctx.project.version)));
    page.set("root", Data(st::up(depth)));
}

List items(const std::vector<std::string>& html) {
    List out;
    for (const auto& h : html) out.push_back(Object{{"item", Data(std::string(h))}});
    return out;
}

// A family's declarations grouped by kind, each group sorted by name.
List kind_groups(const ir::Model& model, const ir::Family& family, const st::TypeWriter& types) {
    static const std::pair<ir::DeclKind, const char*> order[] = {
        {ir::DeclKind::Struct, "Objects"}, {ir::DeclKind::Union, "Unions"},
        {ir::DeclKind::Enum, "Enums"},     {ir::DeclKind::OpenEnum, "Open enums"},
        {ir::DeclKind::Alias, "Aliases"},  {ir::DeclKind::Constant, "Constants"}};
    List groups;
    for (const auto& [kind, label] : order) {
        std::vector<ir::DeclId> ids;
        for (ir::DeclId id : family.decls)
            if (model.decl(id).kind() == kind) ids.push_back(id);
        if (ids.empty()) continue;
        std::sort(ids.begin(), ids.end(),
                  [&](ir::DeclId a, ir::DeclId b) { return model.decl(a).name < model.decl(b).name; });
        List entries;
        for (ir::DeclId id : ids)
            entries.push_back(Object{{"link", Data(types.link(id))},
                                     {"summary", Data(st::summary(model.decl(id).docs.description))}});
        groups.push_back(Object{{"label", Data(std::string(label))},
                                {"count", Data(std::to_string(ids.size()))},
                                {"types", Data(std::move(entries))}});
    }
    return groups;
}

class SiteTarget : public Target {
public:
    void emit(const EmitContext& ctx, write::OutputSet& out) const override {
        const ir::Model& model = ctx.model;
        st::Paths paths(model);
        st::Travels travels(model);

        Data css;
        css.set("header", Data(st::comment_safe(set_header_text(ctx))));
        out.add("site/style.css", ctx.templates.render("site/style.css.mustache", css));

        out.add("site/index.html", index_page(ctx, paths, travels));
        for (const auto& family : model.families) {
            st::TypeWriter types(model, paths, 1, family.name);
            Data page;
            frame(ctx, page, family.name, 1);
            page.set("family", Data(st::escape(family.name)));
            page.set("groups", Data(kind_groups(model, family, types)));
            List files;
            for (const auto& f : family.source_files) files.push_back(Object{{"item", Data(st::escape(f))}});
            page.set("files", Data(std::move(files)));
            out.add("site/" + paths.family_dir(family.name) + "/index.html",
                    ctx.templates.render("site/family.html.mustache", page));
            for (ir::DeclId id : family.decls)
                out.add("site/" + paths.page(id), type_page(ctx, paths, travels, types, id));
        }
    }

private:
    static std::string index_page(const EmitContext& ctx, const st::Paths& paths, const st::Travels& travels) {
        const ir::Model& model = ctx.model;
        st::TypeWriter types(model, paths, 0, "");
        Data page;
        frame(ctx, page, ctx.project.openapi_title, 0);
        List families;
        for (const auto& family : model.families) {
            st::TypeWriter local(model, paths, 0, family.name);
            families.push_back(Object{{"name", Data(st::escape(family.name))},
                                      {"href", Data(st::escape(paths.family_href(family.name, 0)))},
                                      {"count", Data(std::to_string(family.decls.size()))},
                                      {"groups", Data(kind_groups(model, family, local))}});
        }
        page.set("families", Data(std::move(families)));
        page.set("has_operations", flag(!model.operations.empty()));
        page.set("operations", Data(travels.operations(types)));
        page.set("has_streams", flag(!model.streams.empty()));
        page.set("streams", Data(travels.streams(types)));
        return ctx.templates.render("site/index.html.mustache", page);
    }

    static std::string type_page(const EmitContext& ctx, const st::Paths& paths, const st::Travels& travels,
                                 const st::TypeWriter& types, ir::DeclId id) {
        const ir::Decl& d = ctx.model.decl(id);
        Data page;
        frame(ctx, page, d.qualified_name(), 1);
        page.set("family", Data(st::escape(d.family)));
        page.set("family_href", Data(st::escape(paths.family_href(d.family, 1))));
        page.set("name", Data(st::escape(d.name)));
        page.set("kind", Data(std::string(st::kind_label(d))));
        page.set("deprecated", flag(d.docs.deprecated));
        page.set("lifted", flag(d.lifted));
        page.set("title", Data(d.docs.title.empty() ? std::string()
                                                    : "<p class=\"title\">" + st::escape(d.docs.title) + "</p>"));
        page.set("description", Data(st::paragraphs(d.docs.description)));
        page.set("body", types.body(d));

        std::vector<std::string> travel = travels.of(id, 1);
        page.set("has_travels", flag(!travel.empty()));
        page.set("travels", Data(items(travel)));
        List examples;
        for (const auto& e : d.docs.examples) examples.push_back(Object{{"json", Data(st::pretty_json(e))}});
        page.set("has_examples", flag(!examples.empty()));
        page.set("examples", Data(std::move(examples)));
        std::vector<std::string> users;
        for (ir::DeclId user : travels.used_by(id)) users.push_back(types.link(user));
        page.set("has_used_by", flag(!users.empty()));
        page.set("used_by", Data(items(users)));
        if (d.docs.default_value) page.set("default", Data(st::inline_json(*d.docs.default_value)));
        page.set("has_default", flag(d.docs.default_value.has_value()));
        if (!d.docs.default_value) page.set("default", Data(std::string()));
        page.set("source",
                 Data(st::escape(d.origin.file + ":" + std::to_string(d.origin.line) + " " + d.origin.pointer)));

        List siblings;
        const ir::Family* family = ctx.model.find_family(d.family);
        std::vector<ir::DeclId> ids = family->decls;
        std::sort(ids.begin(), ids.end(),
                  [&](ir::DeclId a, ir::DeclId b) { return ctx.model.decl(a).name < ctx.model.decl(b).name; });
        for (ir::DeclId other : ids)
            siblings.push_back(Object{{"link", Data(types.link(other))}, {"current", flag(other == id)}});
        page.set("siblings", Data(std::move(siblings)));
        return ctx.templates.render("site/type.html.mustache", page);
    }
};

}  // namespace

std::unique_ptr<Target> make_site_target() { return std::make_unique<SiteTarget>(); }

}  // namespace contractgen::emit
