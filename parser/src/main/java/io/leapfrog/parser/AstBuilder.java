package io.leapfrog.parser;

import io.leapfrog.common.SouffleNumbers;

import io.leapfrog.ast.Atom;
import io.leapfrog.ast.Attribute;
import io.leapfrog.ast.Clause;
import io.leapfrog.ast.Directive;
import io.leapfrog.ast.Expr;
import io.leapfrog.ast.FilterSpec;
import io.leapfrog.ast.Literal;
import io.leapfrog.ast.Program;
import io.leapfrog.ast.RelationDecl;
import io.leapfrog.ast.SourcePos;
import io.leapfrog.ast.TypeDecl;
import io.leapfrog.parser.grammar.DatalogLexer;
import io.leapfrog.parser.grammar.DatalogParser.*;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.TerminalNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a syntactically valid parse tree into the AST: expands multi-head rules and body
 * disjunctions into several clauses, folds negative number constants, unescapes strings, and
 * rejects valid Souffle constructs that Leapfrog does not implement with a positioned
 * NotSupportedException.
 */
final class AstBuilder {
    private static final long MAX_UNSIGNED_32 = 0xFFFF_FFFFL;
    /** Deeper nesting of component instances (or bases) than this is a cycle. */
    private static final int MAX_COMPONENT_DEPTH = 32;

    /** The text being built from: the file's, or a component's while an instance of it is expanded. */
    private String file;
    private String source;
    private final List<TypeDecl> types = new ArrayList<>();
    private final List<RelationDecl> relations = new ArrayList<>();
    private final List<Directive> directives = new ArrayList<>();
    private final List<Clause> clauses = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    /** Enumeration constructors used in clauses ($Mon), for the checker (types may be declared elsewhere). */
    private final List<Expr.StringConst> enumConstants = new ArrayList<>();
    /** Where names are resolved: the program, or the component instance being expanded. */
    private ComponentScope scope;

    AstBuilder(String file, String source, ComponentScope components) {
        this.file = file;
        this.source = source;
        this.scope = components;
    }

    /** The program's plain facts, built in their place among the statements; null inside a component's expansion. */
    private GroundFacts groundFacts;
    /** The next of {@link #groundFacts} to build. */
    private int nextFact;

    Program build(ProgramContext program, GroundFacts facts) {
        groundFacts = facts;
        statements(program.statement(), Set.of());
        groundFacts = null;
        return new Program(List.copyOf(types), List.copyOf(relations), List.copyOf(directives),
                List.copyOf(clauses), List.copyOf(warnings), source, List.copyOf(enumConstants));
    }

    /**
     * The statements of the program or of a component being expanded: components are defined first (an
     * instance may precede its component's definition), then each statement in order; rules and facts
     * for the relations in {@code overridden} (a derived component's {@code .override}) are left out.
     */
    private void statements(List<StatementContext> statements, Set<String> overridden) {
        for (StatementContext statement : statements) {
            if (statement.component() != null) {
                scope.define(statement.component().IDENT().getText(),
                        new ComponentScope.Definition(statement.component(), file, source));
            }
        }
        GroundFacts facts = groundFacts;
        groundFacts = null;   // a component expanded below has none of its own
        for (StatementContext statement : statements) {
            factsBefore(facts, statement.getStart().getStartIndex());
            if (statement.clause() == null || overridden.isEmpty() || !overridden.contains(headRelation(statement.clause()))) {
                statement(statement);
            }
        }
        factsBefore(facts, Integer.MAX_VALUE);
        groundFacts = facts;
    }

    /** Builds the plain facts ({@link GroundFacts}) that come before character {@code end} of the program. */
    private void factsBefore(GroundFacts facts, int end) {
        if (facts == null) {
            return;
        }
        List<GroundFacts.Fact> all = facts.facts();
        for (; nextFact < all.size() && all.get(nextFact).start() < end; nextFact++) {
            GroundFacts.Fact f = all.get(nextFact);
            List<Expr> args = new ArrayList<>(f.constants().size());
            for (Token c : f.constants()) {
                args.add(c.getType() == DatalogLexer.NUMBER ? new Expr.NumberConst(number(c, false), pos(c), c.getText())
                        : new Expr.StringConst(string(c), pos(c)));
            }
            Atom head = new Atom(scope.relation(f.name().getText()), List.copyOf(args), pos(f.name()));
            clauses.add(new Clause(head, List.of(), pos(f.name())));
        }
    }

    private static String headRelation(ClauseContext clause) {
        String name = clause.head(0).atom().relationName().getText();
        int dot = name.indexOf('.');
        return dot < 0 ? name : name.substring(0, dot);
    }

    private void statement(StatementContext statement) {
        if (statement.component() != null) {
            // defined by statements(); expanded where an instance is made
        } else if (statement.instantiation() != null) {
            instantiate(statement.instantiation());
        } else if (statement.override() != null) {
            if (scope.depth() == 0) {
                throw Diagnostics.failure(pos(statement), ".override outside a component. Use it inside a"
                        + " component that derives from the one declaring the relation", source);
            }
        } else if (statement.declaration() != null) {
            declaration(statement.declaration());
        } else if (statement.typeDeclaration() != null) {
            typeDeclaration(statement.typeDeclaration());
        } else if (statement.directive() != null) {
            directive(statement.directive());
        } else if (statement.pragma() != null) {
            warnings.add(Diagnostics.warning(pos(statement), ".pragma is ignored: Leapfrog has no "
                    + "configuration pragmas, and they do not change a program's results", source));
        } else if (statement.plan() != null) {
            warnings.add(Diagnostics.warning(pos(statement), ".plan is ignored: Leapfrog chooses its own "
                    + "join order", source));
        } else {
            clause(statement.clause());
        }
    }

    // ---- components ------------------------------------------------------------------------

    /**
     * {@code .init name = Comp<Args>}: the component's statements (its bases' first, without the rules
     * of relations it overrides) under the instance's names (ComponentScope).
     */
    private void instantiate(InstantiationContext init) {
        ComponentScope.Definition definition = componentNamed(init.componentType());
        ComponentContext component = definition.component();
        Map<String, String> arguments = typeArguments(component, init.componentType());
        Set<String> localRelations = new java.util.HashSet<>();
        Set<String> localTypes = new java.util.HashSet<>();
        localNames(component, localRelations, localTypes, 0);
        ComponentScope outer = scope;
        if (outer.depth() >= MAX_COMPONENT_DEPTH) {
            throw Diagnostics.failure(pos(init), "Component instances nested " + MAX_COMPONENT_DEPTH + " deep: does "
                    + component.IDENT().getText() + " instantiate itself? Break the cycle", source);
        }
        scope = outer.instance(init.IDENT().getText(), arguments, localRelations, localTypes);
        try {
            expand(definition, Set.of());
        } finally {
            scope = outer;
        }
    }

    private void expand(ComponentScope.Definition definition, Set<String> overriddenBelow) {
        String outerFile = file;
        String outerSource = source;
        file = definition.file();
        source = definition.source();
        try {
            expandHere(definition.component(), overriddenBelow);
        } finally {
            file = outerFile;
            source = outerSource;
        }
    }

    private void expandHere(ComponentContext component, Set<String> overriddenBelow) {
        Set<String> overrides = new java.util.HashSet<>(overriddenBelow);
        for (StatementContext statement : component.statement()) {
            if (statement.override() != null) {
                overrides.add(statement.override().IDENT().getText());
            }
        }
        ComponentScope self = scope;
        for (ComponentTypeContext base : component.componentType()) {
            ComponentScope.Definition baseComponent = componentNamed(base);
            scope = self.withTypeArguments(typeArguments(baseComponent.component(), base));
            try {
                expand(baseComponent, overrides);
            } finally {
                scope = self;
            }
        }
        statements(component.statement(), overriddenBelow);
    }

    /** Relations, types and nested instances a component declares (its bases' included): the names it prefixes. */
    private void localNames(ComponentContext component, Set<String> relationNames, Set<String> typeNames, int depth) {
        if (depth > MAX_COMPONENT_DEPTH) {
            throw Diagnostics.failure(pos(component), "Component " + component.IDENT().getText()
                    + " derives from itself. Break the cycle of its bases", source);
        }
        for (ComponentTypeContext base : component.componentType()) {
            localNames(componentNamed(base).component(), relationNames, typeNames, depth + 1);
        }
        for (StatementContext statement : component.statement()) {
            if (statement.declaration() != null) {
                for (RelationNameContext name : statement.declaration().relationName()) {
                    relationNames.add(name.getText());
                }
            } else if (statement.instantiation() != null) {
                relationNames.add(statement.instantiation().IDENT().getText());
            } else if (statement.typeDeclaration() != null) {
                typeNames.add(statement.typeDeclaration().getChild(1).getText());
            }
        }
    }

    private ComponentScope.Definition componentNamed(ComponentTypeContext type) {
        ComponentScope.Definition component = scope.component(type.IDENT().getText());
        if (component == null) {
            throw Diagnostics.failure(pos(type), "Undefined component " + type.IDENT().getText() + ". Define it with"
                    + " .comp " + type.IDENT().getText() + " { ... }", source);
        }
        return component;
    }

    /** The component's type parameters bound to the type arguments, resolved in the current scope. */
    private Map<String, String> typeArguments(ComponentContext component, ComponentTypeContext type) {
        List<String> parameters = component.typeParameters() == null ? List.of()
                : component.typeParameters().IDENT().stream().map(TerminalNode::getText).toList();
        List<TypeNameContext> arguments = type.typeName();
        if (parameters.size() != arguments.size()) {
            throw Diagnostics.failure(pos(type), "Component " + component.IDENT().getText() + " takes "
                    + parameters.size() + " type parameter" + (parameters.size() == 1 ? "" : "s") + ", given "
                    + arguments.size(), source);
        }
        Map<String, String> bound = new java.util.HashMap<>();
        for (int i = 0; i < parameters.size(); i++) {
            bound.put(parameters.get(i), scope.type(arguments.get(i).getText()));
        }
        return bound;
    }

    // ---- declarations ----------------------------------------------------------------------

    private void declaration(DeclarationContext ctx) {
        List<Attribute> attributes = attributes(ctx.attributes());
        Set<String> qualifiers = new LinkedHashSet<>();
        FilterSpec filter = null;
        for (QualifierContext qualifier : ctx.qualifier()) {
            String name = qualifierName(qualifier);
            if (qualifier.qualifierOptions() != null && !name.equals("filter")) {
                throw Diagnostics.failure(pos(qualifier.qualifierOptions()), "qualifier '" + name + "' takes no"
                        + " options; only filter(...) does, e.g. filter(fpr=0.001)", source);
            }
            switch (name) {
                case "input", "output", "printsize", "btree", "brie", "overridable", "inline", "no_inline",
                        "magic", "no_magic", "btree_delete" -> qualifiers.add(name);
                case "eqrel" -> qualifiers.add(name);
                case "filter" -> {
                    qualifiers.add(name);
                    filter = FilterQualifier.parse(qualifier, pos(qualifier), source);
                }
                default -> throw notSupported(qualifier, "relation qualifier '" + name + "'");
            }
        }
        List<List<String>> choiceDomains = choiceDomains(ctx.choiceDomain(), attributes);
        if (filter != null) {
            FilterQualifier.checkDeclaration(qualifiers, choiceDomains, attributes, filter.pos(), source);
        }
        // ".decl a, b(x:number)" declares several relations with the same attributes.
        for (RelationNameContext name : ctx.relationName()) {
            String relation = scope.relation(name.getText());
            relations.add(new RelationDecl(relation, attributes, Set.copyOf(qualifiers), pos(name), choiceDomains,
                    null, filter));
            if (qualifiers.contains("eqrel")) {
                EquivalenceRelations.check(relation, attributes, pos(name), source);
            }
        }
    }


    /** The keys of a choice-domain, each a list of attribute names of the declaration (checked here). */
    private List<List<String>> choiceDomains(ChoiceDomainContext ctx, List<Attribute> attributes) {
        if (ctx == null) {
            return List.of();
        }
        Set<String> names = new LinkedHashSet<>();
        attributes.forEach(a -> names.add(a.name()));
        List<List<String>> keys = new ArrayList<>();
        for (ChoiceKeyContext key : ctx.choiceKey()) {
            List<String> columns = new ArrayList<>();
            for (TerminalNode id : key.IDENT()) {
                if (!names.contains(id.getText())) {
                    throw Diagnostics.failure(pos(id), "choice-domain names " + id.getText() + ", which is not an attribute"
                            + " of the relation. Attributes: " + String.join(", ", names), source);
                }
                columns.add(id.getText());
            }
            if (columns.size() == attributes.size()) {
                throw Diagnostics.failure(pos(key), "a choice-domain key of every attribute determines nothing. Name"
                        + " a subset of the attributes", source);
            }
            keys.add(List.copyOf(columns));
        }
        return List.copyOf(keys);
    }

    /** The qualifier's name without its options ({@code btree_delete}, {@code filter}). */
    private static String qualifierName(QualifierContext qualifier) {
        StringBuilder name = new StringBuilder();
        for (int i = 0; i < qualifier.getChildCount(); i++) {
            if (qualifier.getChild(i) instanceof TerminalNode t) {
                name.append(t.getText());
            }
        }
        return name.toString();
    }

    private List<Attribute> attributes(AttributesContext ctx) {
        List<Attribute> attributes = new ArrayList<>();
        if (ctx != null) {
            for (AttributeContext attribute : ctx.attribute()) {
                attributes.add(new Attribute(attribute.IDENT().getText(), scope.type(attribute.typeName().getText()),
                        pos(attribute)));
            }
        }
        return List.copyOf(attributes);
    }

    private void typeDeclaration(TypeDeclarationContext ctx) {
        if (ctx instanceof SubtypeDeclContext subtype) {
            types.add(new TypeDecl(scope.declaredType(subtype.IDENT().getText()), TypeDecl.Kind.SUBTYPE,
                    List.of(scope.type(subtype.typeName().getText())), pos(subtype.IDENT())));
        } else if (ctx instanceof UnionDeclContext union) {
            List<String> bases = union.typeName().stream().map(t -> scope.type(t.getText())).toList();
            TypeDecl.Kind kind = bases.size() == 1 ? TypeDecl.Kind.ALIAS : TypeDecl.Kind.UNION;
            types.add(new TypeDecl(scope.declaredType(union.IDENT().getText()), kind, bases, pos(union.IDENT())));
        } else if (ctx instanceof LegacyTypeDeclContext legacy) {
            String base = legacy.NUMBER_TYPE() != null ? "number" : "symbol";
            types.add(new TypeDecl(scope.declaredType(legacy.IDENT().getText()), TypeDecl.Kind.SUBTYPE, List.of(base),
                    pos(legacy.IDENT())));
        } else if (ctx instanceof RecordTypeDeclContext record) {
            throw notSupported(record, "record types");
        } else {
            AdtTypeDeclContext adt = (AdtTypeDeclContext) ctx;
            List<String> branches = new ArrayList<>();
            for (AdtBranchContext branch : adt.adtBranch()) {
                if (branch.attributes() != null && !branch.attributes().attribute().isEmpty()) {
                    throw notSupported(branch, "algebraic data types whose branches carry values (" + adt.IDENT().getText()
                            + "." + branch.IDENT().getText() + "); enumerations, whose branches are all {}, are supported");
                }
                branches.add(branch.IDENT().getText());
            }
            types.add(TypeDecl.enumeration(scope.declaredType(adt.IDENT().getText()), branches, pos(adt.IDENT())));
        }
    }

    // ---- IO directives ---------------------------------------------------------------------

    private void directive(DirectiveContext ctx) {
        Directive.Kind kind = ctx.INPUT() != null ? Directive.Kind.INPUT
                : ctx.OUTPUT() != null ? Directive.Kind.OUTPUT : Directive.Kind.PRINTSIZE;
        for (DirectiveTargetContext target : ctx.directiveTarget()) {
            Map<String, String> params = new LinkedHashMap<>();
            for (IoParamContext param : target.ioParam()) {
                String key = param.paramKey().getText();
                Token value = param.paramValue().getStart();
                String text = value.getType() == io.leapfrog.parser.grammar.DatalogLexer.STRING
                        ? string(value) : value.getText();
                params.put(key, parameterText(text));
            }
            directives.add(new Directive(kind, scope.relation(target.relationName().getText()), Map.copyOf(params),
                    pos(target.relationName())));
        }
    }

    /**
     * Souffle unescapes an IO parameter's value a second time, after its lexer (UnitTranslator's unescape:
     * each of \\" \\t \\r \\n replaced in turn), so that {@code delimiter="\\t"} is a tab too.
     */
    static String parameterText(String value) {
        if (value.indexOf('\\') < 0) {
            return value;
        }
        return value.replace("\\\"", "\"").replace("\\t", "\t").replace("\\r", "\r").replace("\\n", "\n");
    }

    // ---- clauses ---------------------------------------------------------------------------

    private void clause(ClauseContext ctx) {
        if (ctx.SUBSUMES() != null) {
            throw notSupported(ctx, "subsumptive clauses ('<=' between head atoms)");
        }
        List<HeadContext> heads = ctx.head();
        List<List<Literal>> bodies = ctx.disjunction() == null ? List.of(List.of()) : disjunction(ctx.disjunction()).toDnf();
        for (HeadContext head : heads) {
            Atom atom = atom(head.atom());
            for (List<Literal> body : bodies) {
                clauses.add(new Clause(atom, List.copyOf(body), pos(head)));
            }
        }
    }

    private Atom atom(AtomContext ctx) {
        List<Expr> args = new ArrayList<>();
        for (ArgumentContext argument : ctx.argument()) {
            args.add(expr(argument));
        }
        return new Atom(scope.relation(ctx.relationName().getText()), List.copyOf(args), pos(ctx));
    }

    private BodyFormula disjunction(DisjunctionContext ctx) {
        List<BodyFormula> parts = new ArrayList<>();
        for (ConjunctionContext conjunction : ctx.conjunction()) {
            List<BodyFormula> terms = new ArrayList<>();
            for (BodyTermContext term : conjunction.bodyTerm()) {
                terms.add(bodyTerm(term));
            }
            parts.add(terms.size() == 1 ? terms.get(0) : new BodyFormula.And(terms));
        }
        return parts.size() == 1 ? parts.get(0) : new BodyFormula.Or(parts);
    }

    private BodyFormula bodyTerm(BodyTermContext ctx) {
        if (ctx instanceof NegatedTermContext negated) {
            BodyFormula operand = bodyTerm(negated.bodyTerm());
            // Position a negated atom at its '!' so that messages point at the negation.
            if (operand instanceof BodyFormula.Leaf leaf && leaf.literal() instanceof Literal.Positive positive) {
                return new BodyFormula.Leaf(new Literal.Negated(positive.atom(), pos(negated)));
            }
            return new BodyFormula.Not(operand);
        }
        if (ctx instanceof GroupTermContext group) {
            return disjunction(group.disjunction());
        }
        if (ctx instanceof AtomTermContext atom) {
            return new BodyFormula.Leaf(new Literal.Positive(atom(atom.atom()), pos(atom)));
        }
        if (ctx instanceof ComparisonTermContext comparison) {
            Literal.CompOp op = switch (comparison.compOp().getText()) {
                case "=" -> Literal.CompOp.EQ;
                case "!=" -> Literal.CompOp.NE;
                case "<" -> Literal.CompOp.LT;
                case "<=" -> Literal.CompOp.LE;
                case ">" -> Literal.CompOp.GT;
                default -> Literal.CompOp.GE;
            };
            return new BodyFormula.Leaf(new Literal.Comparison(op, expr(comparison.argument(0)),
                    expr(comparison.argument(1)), pos(comparison.compOp())));
        }
        if (ctx instanceof ConstraintFunctorTermContext constraint) {
            // match/contains are constraints in Souffle; the AST represents them as a functor
            // returning 1 (true) or 0 (false), required to be != 0.
            String name = constraint.getStart().getText();
            Expr call = new Expr.Functor(name, List.of(expr(constraint.argument(0)), expr(constraint.argument(1))),
                    pos(constraint));
            return new BodyFormula.Leaf(new Literal.Comparison(Literal.CompOp.NE, call,
                    new Expr.NumberConst(0, pos(constraint)), pos(constraint)));
        }
        return new BodyFormula.Leaf(new Literal.BoolConst(ctx instanceof TrueTermContext, pos(ctx)));
    }

    // ---- expressions -----------------------------------------------------------------------

    private Expr expr(ArgumentContext ctx) {
        SourcePos pos = pos(ctx);
        if (ctx instanceof VarExprContext) {
            return new Expr.Var(ctx.getText(), pos);
        }
        if (ctx instanceof WildcardExprContext) {
            return new Expr.Wildcard(pos);
        }
        if (ctx instanceof NumberExprContext number) {
            return new Expr.NumberConst(number(number.NUMBER().getSymbol(), false), pos, number.getText());
        }
        if (ctx instanceof UnsignedExprContext unsigned) {
            String text = unsigned.getText();
            long value = parseNumber(text.substring(0, text.length() - 1), unsigned.getStart());
            if (value > MAX_UNSIGNED_32) {
                throw Diagnostics.failure(pos, "unsigned constant " + text + " is out of range: unsigned values are"
                        + " 0.." + MAX_UNSIGNED_32, source);
            }
            return new Expr.NumberConst(value, pos, text);
        }
        if (ctx instanceof StringExprContext) {
            return new Expr.StringConst(string(ctx.getStart()), pos);
        }
        if (ctx instanceof CounterExprContext) {
            return new Expr.Counter(pos);
        }
        if (ctx instanceof ParenExprContext paren) {
            return expr(paren.argument());
        }
        if (ctx instanceof NegExprContext neg) {
            // Fold "-123" into a constant so that facts hold plain numbers, and so that
            // -2147483648 is in range.
            if (neg.argument() instanceof NumberExprContext number) {
                return new Expr.NumberConst(-number(number.NUMBER().getSymbol(), true), pos, "-" + number.getText());
            }
            return new Expr.Unary("-", expr(neg.argument()), pos);
        }
        if (ctx instanceof NotExprContext not) {
            return new Expr.Unary(not.getStart().getText(), expr(not.argument()), pos);
        }
        if (ctx instanceof PowerExprContext power) {
            return binary("^", power.argument(0), power.argument(1), power.getChild(1));
        }
        if (ctx instanceof MulExprContext e) {
            return binary(e.op.getText(), e.argument(0), e.argument(1), e.getChild(1));
        }
        if (ctx instanceof AddExprContext e) {
            return binary(e.op.getText(), e.argument(0), e.argument(1), e.getChild(1));
        }
        if (ctx instanceof ShiftExprContext e) {
            return binary(e.op.getText(), e.argument(0), e.argument(1), e.getChild(1));
        }
        if (ctx instanceof BandExprContext || ctx instanceof BxorExprContext || ctx instanceof BorExprContext
                || ctx instanceof LandExprContext || ctx instanceof LxorExprContext || ctx instanceof LorExprContext) {
            return binary(ctx.getChild(1).getText(), (ArgumentContext) ctx.getChild(0),
                    (ArgumentContext) ctx.getChild(2), ctx.getChild(1));
        }
        if (ctx instanceof FunctorExprContext functor) {
            List<Expr> args = new ArrayList<>();
            for (ArgumentContext argument : functor.argument()) {
                args.add(expr(argument));
            }
            String name = functor.functorName().getText();
            if (name.equals("autoinc") && args.isEmpty()) {
                return new Expr.Counter(pos); // Souffle's old spelling of $
            }
            return new Expr.Functor(name, List.copyOf(args), pos);
        }
        if (ctx instanceof AggregateExprContext aggregate) {
            return aggregate(aggregate, pos);
        }
        if (ctx instanceof FloatExprContext) {
            return new Expr.FloatConst(floatLiteral(ctx.getText(), pos), pos);
        }
        if (ctx instanceof UserFunctorExprContext) {
            throw notSupported(ctx, "user-defined functors (@" + ((UserFunctorExprContext) ctx).IDENT().getText() + ")");
        }
        if (ctx instanceof AsExprContext cast) {
            // as(x, T): the functor "as" of x and T's name (resolved in this scope); the checker types it as T
            return new Expr.Functor("as", List.of(expr(cast.argument()),
                    new Expr.StringConst(scope.type(cast.typeName().getText()), pos(cast.typeName()))), pos);
        }
        if (ctx instanceof AdtExprContext adt) {
            if (!adt.argument().isEmpty()) {
                throw notSupported(ctx, "algebraic data type constructors with values (" + ctx.getStart().getText() + ")");
            }
            Expr.StringConst branch = new Expr.StringConst(adt.ADT_CONSTRUCTOR().getText(), pos);
            enumConstants.add(branch);
            return branch;
        }
        if (ctx instanceof RecordExprContext || ctx instanceof NilExprContext) {
            throw notSupported(ctx, "records");
        }
        throw new IllegalStateException("unhandled grammar alternative " + ctx.getClass().getSimpleName());
    }

    private Expr binary(String op, ArgumentContext left, ArgumentContext right,
                        org.antlr.v4.runtime.tree.ParseTree operator) {
        SourcePos pos = operator instanceof TerminalNode terminal ? pos(terminal.getSymbol()) : pos(left);
        return new Expr.Binary(op, expr(left), expr(right), pos);
    }

    private Expr aggregate(AggregateExprContext ctx, SourcePos pos) {
        String kindText = ctx.aggregateKind().getText();
        Expr.AggKind kind = Expr.AggKind.valueOf(kindText.toUpperCase(java.util.Locale.ROOT));
        Expr target = ctx.argument() == null ? null : expr(ctx.argument());
        if (kind == Expr.AggKind.COUNT && target != null) {
            throw Diagnostics.failure(pos(ctx.argument()), "count takes no target expression. Write "
                    + "'count : { ... }'", source);
        }
        if (kind != Expr.AggKind.COUNT && target == null) {
            throw Diagnostics.failure(pos, kindText + " needs a target expression, e.g. '" + kindText
                    + " x : { r(x) }'", source);
        }
        AggregateBodyContext body = ctx.aggregateBody();
        List<Literal> literals;
        if (body.atom() != null) {
            literals = List.of(new Literal.Positive(atom(body.atom()), pos(body.atom())));
        } else {
            List<List<Literal>> dnf = disjunction(body.disjunction()).toDnf();
            if (dnf.size() != 1) {
                throw notSupported(body, "disjunction (';') inside an aggregate body");
            }
            literals = List.copyOf(dnf.get(0));
        }
        return new Expr.Aggregate(kind, target, literals, pos);
    }

    /**
     * The value of a NUMBER token (decimal, {@code 0x} or {@code 0b}), as Souffle reads it: up to 2^32 - 1,
     * where a value past 2^31 - 1 fits only an unsigned or a float (the evaluation checks it against the type
     * it takes, as Souffle's type checker does); {@code negated} allows up to 2^31 (folded to -2^31).
     */
    private long number(Token token, boolean negated) {
        String text = token.getText();
        long value = parseNumber(text, token);
        if (value > (negated ? 1L << 31 : MAX_UNSIGNED_32)) {
            throw Diagnostics.failure(pos(token), "number constant " + (negated ? "-" : "") + text + " is out of range: "
                    + (negated ? "numbers are 32-bit signed integers, from -2147483648"
                    : "integer constants go up to 4294967295 (an unsigned value)"), source);
        }
        return value;
    }

    /**
     * A float literal as Souffle reads one: digits, a point, digits ({@code 2.5}; no exponent: Souffle's
     * lexer has none, so the grammar's exponent is only lexed to be refused clearly), its value as
     * {@code stof} reads it, where overflow and underflow are errors, as Souffle's "Float constant".
     */
    private float floatLiteral(String text, SourcePos pos) {
        if (text.indexOf('e') >= 0 || text.indexOf('E') >= 0) {
            String digits = new java.math.BigDecimal(text).stripTrailingZeros().toPlainString();
            throw Diagnostics.failure(pos, "float constant " + text + " has an exponent, which Souffle's float"
                    + " constants do not: write " + (digits.contains(".") ? digits : digits + ".0"), source);
        }
        try {
            return SouffleNumbers.factFloat(text);
        } catch (ArithmeticException ex) {
            throw Diagnostics.failure(pos, "float constant " + text + " is out of range: floats are 32-bit, with"
                    + " normal magnitudes from 1.17549435e-38 to 3.40282347e38, or 0", source);
        }
    }

    private long parseNumber(String text, Token token) {
        try {
            if (text.startsWith("0x")) {
                return Long.parseLong(text.substring(2), 16);
            }
            if (text.startsWith("0b")) {
                return Long.parseLong(text.substring(2), 2);
            }
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw Diagnostics.failure(pos(token), "number constant " + text + " is out of range: integer constants"
                    + " go up to 4294967295 (an unsigned value)", source);
        }
    }

    /**
     * A string token's text: the quotes removed and backslash escapes resolved, Souffle's set of them
     * ({@code \" \' \\ \a \b \f \n \r \t \v}); any other is an error at the backslash, as Souffle's
     * "Unknown escape sequence" (so {@code "\d"} must be written {@code "\\d"}, as in Souffle).
     */
    private String string(Token token) {
        String quoted = token.getText();
        String body = quoted.substring(1, quoted.length() - 1);
        if (body.indexOf('\\') < 0) {
            return body;
        }
        StringBuilder out = new StringBuilder(body.length());
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char next = body.charAt(++i);   // the lexer's STRING has a character after each backslash
            switch (next) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case 'a' -> out.append('\u0007');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'v' -> out.append('\u000B');
                case '"', '\'', '\\' -> out.append(next);
                default -> {
                    // the backslash is quoted's character i: on the token's first line, as only an escape
                    // (this first unknown one) could have put a line end into the token before it
                    SourcePos where = new SourcePos(file, token.getLine(),
                            token.getCharPositionInLine() + 1 + quoted.codePointCount(0, i));
                    int bad = body.codePointAt(i);
                    throw Diagnostics.failure(where, "unknown escape sequence \\" + (Character.isISOControl(bad)
                            ? String.format("(U+%04X)", bad) : new String(Character.toChars(bad))) + " in a string; Souffle's are \\\" \\' \\\\ \\a \\b \\f \\n \\r \\t \\v"
                            + " (write \\\\ for a backslash)", source);
                }
            }
        }
        return out.toString();
    }

    // ---- positions -------------------------------------------------------------------------

    private SourcePos pos(ParserRuleContext ctx) {
        return pos(ctx.getStart());
    }

    private SourcePos pos(TerminalNode node) {
        return pos(node.getSymbol());
    }

    private SourcePos pos(Token token) {
        return new SourcePos(file, token.getLine(), token.getCharPositionInLine() + 1);
    }

    private RuntimeException notSupported(ParserRuleContext ctx, String what) {
        return Diagnostics.notSupported(pos(ctx), what, source);
    }
}
