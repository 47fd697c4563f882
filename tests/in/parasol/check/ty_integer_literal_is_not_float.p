-- expect: TYPE_ERROR_EXPRESSION_APPLICATION_BAD_TYPES
package t.p;

module M is
  import com.io7m.parasol.Float;
  value y = Float.add (1, 2.0);

end;
